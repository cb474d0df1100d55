from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.integration_platform import IntegrationPlatform
from ..models.integration_status import IntegrationStatus

if TYPE_CHECKING:
    from ..models.flapping_settings import FlappingSettings
    from ..models.grouping_settings import GroupingSettings
    from ..models.integration_settings import IntegrationSettings
    from ..models.webhook_config import WebhookConfig


T = TypeVar("T", bound="Integration")


@_attrs_define
class Integration:
    """
    Attributes:
        id (UUID): The integration_id of webhook URLs
        name (str):
        platform (IntegrationPlatform):
        status (IntegrationStatus): `error` while outbound deliveries are paused; otherwise `connected` once an alert
            arrived
        enabled (bool): Inbound switch: a disabled integration answers its webhooks 409 INTEGRATION_DISABLED and sends
            nothing. Failed deliveries never change it.
        outbound_paused (bool): Outbound switch: true after 10 failed deliveries in a row (or a PATCH with
            `outbound_paused: true`). While paused no webhook is sent; inbound alerts keep being accepted. Resume with PATCH
            `{"outbound_paused": false}`.
        deliveries_paused_at (datetime.datetime | None): When outbound deliveries were paused; null while they run
        webhook_url (str):
        signature_header (str):
        webhook_config (None | WebhookConfig):
        settings (IntegrationSettings):
        mapping_template (None | str): `generic_json` only: the JSONata template its bodies are mapped by
        escalation_policy_id (None | UUID):
        grouping (GroupingSettings | None): Alert grouping (Alertmanager `group_by`, `group_wait`, `group_interval`);
            null: each alert key opens its own incident
        flapping (FlappingSettings | None): Flap detection of its incidents; null: off (each firing alert after a
            resolution opens a new incident)
        reopen_window_minutes (int | None): Minutes after its incident resolves in which a firing alert with the same
            dedup key (or group) reopens that incident, which pages again from level 1 in a new escalation cycle; outside it
            a new incident opens. 0: never reopen; null (default): the flapping window when flap detection is on, else never
            (as PagerDuty and Grafana OnCall)
        team_id (None | UUID): The owning team; null: the organization's
        last_alert_at (datetime.datetime | None):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    name: str
    platform: IntegrationPlatform
    status: IntegrationStatus
    enabled: bool
    outbound_paused: bool
    deliveries_paused_at: datetime.datetime | None
    webhook_url: str
    signature_header: str
    webhook_config: None | WebhookConfig
    settings: IntegrationSettings
    mapping_template: None | str
    escalation_policy_id: None | UUID
    grouping: GroupingSettings | None
    flapping: FlappingSettings | None
    reopen_window_minutes: int | None
    team_id: None | UUID
    last_alert_at: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        from ..models.flapping_settings import FlappingSettings  # noqa: PLC0415
        from ..models.grouping_settings import GroupingSettings  # noqa: PLC0415
        from ..models.webhook_config import WebhookConfig  # noqa: PLC0415

        id = str(self.id)

        name = self.name

        platform = self.platform.value

        status = self.status.value

        enabled = self.enabled

        outbound_paused = self.outbound_paused

        deliveries_paused_at: None | str
        if isinstance(self.deliveries_paused_at, datetime.datetime):
            deliveries_paused_at = self.deliveries_paused_at.isoformat()
        else:
            deliveries_paused_at = self.deliveries_paused_at

        webhook_url = self.webhook_url

        signature_header = self.signature_header

        webhook_config: dict[str, Any] | None
        if isinstance(self.webhook_config, WebhookConfig):
            webhook_config = self.webhook_config.to_dict()
        else:
            webhook_config = self.webhook_config

        settings = self.settings.to_dict()

        mapping_template: None | str
        mapping_template = self.mapping_template

        escalation_policy_id: None | str
        if isinstance(self.escalation_policy_id, UUID):
            escalation_policy_id = str(self.escalation_policy_id)
        else:
            escalation_policy_id = self.escalation_policy_id

        grouping: dict[str, Any] | None
        if isinstance(self.grouping, GroupingSettings):
            grouping = self.grouping.to_dict()
        else:
            grouping = self.grouping

        flapping: dict[str, Any] | None
        if isinstance(self.flapping, FlappingSettings):
            flapping = self.flapping.to_dict()
        else:
            flapping = self.flapping

        reopen_window_minutes: int | None
        reopen_window_minutes = self.reopen_window_minutes

        team_id: None | str
        if isinstance(self.team_id, UUID):
            team_id = str(self.team_id)
        else:
            team_id = self.team_id

        last_alert_at: None | str
        if isinstance(self.last_alert_at, datetime.datetime):
            last_alert_at = self.last_alert_at.isoformat()
        else:
            last_alert_at = self.last_alert_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "platform": platform,
                "status": status,
                "enabled": enabled,
                "outbound_paused": outbound_paused,
                "deliveries_paused_at": deliveries_paused_at,
                "webhook_url": webhook_url,
                "signature_header": signature_header,
                "webhook_config": webhook_config,
                "settings": settings,
                "mapping_template": mapping_template,
                "escalation_policy_id": escalation_policy_id,
                "grouping": grouping,
                "flapping": flapping,
                "reopen_window_minutes": reopen_window_minutes,
                "team_id": team_id,
                "last_alert_at": last_alert_at,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.flapping_settings import FlappingSettings  # noqa: PLC0415
        from ..models.grouping_settings import GroupingSettings  # noqa: PLC0415
        from ..models.integration_settings import IntegrationSettings  # noqa: PLC0415
        from ..models.webhook_config import WebhookConfig  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        platform = IntegrationPlatform(d.pop("platform"))

        status = IntegrationStatus(d.pop("status"))

        enabled = d.pop("enabled")

        outbound_paused = d.pop("outbound_paused")

        def _parse_deliveries_paused_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deliveries_paused_at_type_0 = datetime.datetime.fromisoformat(data)

                return deliveries_paused_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deliveries_paused_at = _parse_deliveries_paused_at(d.pop("deliveries_paused_at"))

        webhook_url = d.pop("webhook_url")

        signature_header = d.pop("signature_header")

        def _parse_webhook_config(data: object) -> None | WebhookConfig:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                webhook_config_type_0 = WebhookConfig.from_dict(data)

                return webhook_config_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | WebhookConfig, data)

        webhook_config = _parse_webhook_config(d.pop("webhook_config"))

        settings = IntegrationSettings.from_dict(d.pop("settings"))

        def _parse_mapping_template(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        mapping_template = _parse_mapping_template(d.pop("mapping_template"))

        def _parse_escalation_policy_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                escalation_policy_id_type_0 = UUID(data)

                return escalation_policy_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        escalation_policy_id = _parse_escalation_policy_id(d.pop("escalation_policy_id"))

        def _parse_grouping(data: object) -> GroupingSettings | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                grouping_type_0 = GroupingSettings.from_dict(data)

                return grouping_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GroupingSettings | None, data)

        grouping = _parse_grouping(d.pop("grouping"))

        def _parse_flapping(data: object) -> FlappingSettings | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                flapping_type_0 = FlappingSettings.from_dict(data)

                return flapping_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FlappingSettings | None, data)

        flapping = _parse_flapping(d.pop("flapping"))

        def _parse_reopen_window_minutes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        reopen_window_minutes = _parse_reopen_window_minutes(d.pop("reopen_window_minutes"))

        def _parse_team_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                team_id_type_0 = UUID(data)

                return team_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        team_id = _parse_team_id(d.pop("team_id"))

        def _parse_last_alert_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_alert_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_alert_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_alert_at = _parse_last_alert_at(d.pop("last_alert_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        integration = cls(
            id=id,
            name=name,
            platform=platform,
            status=status,
            enabled=enabled,
            outbound_paused=outbound_paused,
            deliveries_paused_at=deliveries_paused_at,
            webhook_url=webhook_url,
            signature_header=signature_header,
            webhook_config=webhook_config,
            settings=settings,
            mapping_template=mapping_template,
            escalation_policy_id=escalation_policy_id,
            grouping=grouping,
            flapping=flapping,
            reopen_window_minutes=reopen_window_minutes,
            team_id=team_id,
            last_alert_at=last_alert_at,
            created_at=created_at,
            updated_at=updated_at,
        )

        return integration
