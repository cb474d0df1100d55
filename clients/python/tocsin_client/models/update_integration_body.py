from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.flapping_settings_input import FlappingSettingsInput
    from ..models.grouping_settings_input import GroupingSettingsInput
    from ..models.update_integration_body_settings import UpdateIntegrationBodySettings
    from ..models.webhook_config_input import WebhookConfigInput


T = TypeVar("T", bound="UpdateIntegrationBody")


@_attrs_define
class UpdateIntegrationBody:
    """
    Attributes:
        name (str | Unset):
        enabled (bool | Unset):
        webhook_config (None | Unset | WebhookConfigInput):
        settings (UpdateIntegrationBodySettings | Unset):
        mapping_template (None | str | Unset):
        escalation_policy_id (None | Unset | UUID):
        grouping (GroupingSettingsInput | None | Unset): Alert grouping (Alertmanager `group_by`, `group_wait`,
            `group_interval`); null: each alert key opens its own incident
        flapping (FlappingSettingsInput | None | Unset): Flap detection of its incidents; null: off (each firing alert
            after a resolution opens a new incident)
        reopen_window_minutes (int | None | Unset): Minutes after its incident resolves in which a firing alert with the
            same dedup key (or group) reopens that incident, which pages again from level 1 in a new escalation cycle;
            outside it a new incident opens. 0: never reopen; null (default): the flapping window when flap detection is on,
            else never (as PagerDuty and Grafana OnCall)
        team_id (None | Unset | UUID): The owning team (a team of the organization; 422 otherwise); null: the
            organization's, no team
        outbound_paused (bool | Unset): `false` resumes outbound deliveries paused after repeated failures (the failure
            count starts again); `true` pauses them. Inbound webhooks are not affected either way.
    """

    name: str | Unset = UNSET
    enabled: bool | Unset = UNSET
    webhook_config: None | Unset | WebhookConfigInput = UNSET
    settings: UpdateIntegrationBodySettings | Unset = UNSET
    mapping_template: None | str | Unset = UNSET
    escalation_policy_id: None | Unset | UUID = UNSET
    grouping: GroupingSettingsInput | None | Unset = UNSET
    flapping: FlappingSettingsInput | None | Unset = UNSET
    reopen_window_minutes: int | None | Unset = UNSET
    team_id: None | Unset | UUID = UNSET
    outbound_paused: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.flapping_settings_input import FlappingSettingsInput  # noqa: PLC0415
        from ..models.grouping_settings_input import GroupingSettingsInput  # noqa: PLC0415
        from ..models.webhook_config_input import WebhookConfigInput  # noqa: PLC0415

        name = self.name

        enabled = self.enabled

        webhook_config: dict[str, Any] | None | Unset
        if isinstance(self.webhook_config, Unset):
            webhook_config = UNSET
        elif isinstance(self.webhook_config, WebhookConfigInput):
            webhook_config = self.webhook_config.to_dict()
        else:
            webhook_config = self.webhook_config

        settings: dict[str, Any] | Unset = UNSET
        if not isinstance(self.settings, Unset):
            settings = self.settings.to_dict()

        mapping_template: None | str | Unset
        if isinstance(self.mapping_template, Unset):
            mapping_template = UNSET
        else:
            mapping_template = self.mapping_template

        escalation_policy_id: None | str | Unset
        if isinstance(self.escalation_policy_id, Unset):
            escalation_policy_id = UNSET
        elif isinstance(self.escalation_policy_id, UUID):
            escalation_policy_id = str(self.escalation_policy_id)
        else:
            escalation_policy_id = self.escalation_policy_id

        grouping: dict[str, Any] | None | Unset
        if isinstance(self.grouping, Unset):
            grouping = UNSET
        elif isinstance(self.grouping, GroupingSettingsInput):
            grouping = self.grouping.to_dict()
        else:
            grouping = self.grouping

        flapping: dict[str, Any] | None | Unset
        if isinstance(self.flapping, Unset):
            flapping = UNSET
        elif isinstance(self.flapping, FlappingSettingsInput):
            flapping = self.flapping.to_dict()
        else:
            flapping = self.flapping

        reopen_window_minutes: int | None | Unset
        if isinstance(self.reopen_window_minutes, Unset):
            reopen_window_minutes = UNSET
        else:
            reopen_window_minutes = self.reopen_window_minutes

        team_id: None | str | Unset
        if isinstance(self.team_id, Unset):
            team_id = UNSET
        elif isinstance(self.team_id, UUID):
            team_id = str(self.team_id)
        else:
            team_id = self.team_id

        outbound_paused = self.outbound_paused

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if webhook_config is not UNSET:
            field_dict["webhook_config"] = webhook_config
        if settings is not UNSET:
            field_dict["settings"] = settings
        if mapping_template is not UNSET:
            field_dict["mapping_template"] = mapping_template
        if escalation_policy_id is not UNSET:
            field_dict["escalation_policy_id"] = escalation_policy_id
        if grouping is not UNSET:
            field_dict["grouping"] = grouping
        if flapping is not UNSET:
            field_dict["flapping"] = flapping
        if reopen_window_minutes is not UNSET:
            field_dict["reopen_window_minutes"] = reopen_window_minutes
        if team_id is not UNSET:
            field_dict["team_id"] = team_id
        if outbound_paused is not UNSET:
            field_dict["outbound_paused"] = outbound_paused

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.flapping_settings_input import FlappingSettingsInput  # noqa: PLC0415
        from ..models.grouping_settings_input import GroupingSettingsInput  # noqa: PLC0415
        from ..models.update_integration_body_settings import UpdateIntegrationBodySettings  # noqa: PLC0415
        from ..models.webhook_config_input import WebhookConfigInput  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        enabled = d.pop("enabled", UNSET)

        def _parse_webhook_config(data: object) -> None | Unset | WebhookConfigInput:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                webhook_config_type_0 = WebhookConfigInput.from_dict(data)

                return webhook_config_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | WebhookConfigInput, data)

        webhook_config = _parse_webhook_config(d.pop("webhook_config", UNSET))

        _settings = d.pop("settings", UNSET)
        settings: UpdateIntegrationBodySettings | Unset
        if isinstance(_settings, Unset):
            settings = UNSET
        else:
            settings = UpdateIntegrationBodySettings.from_dict(_settings)

        def _parse_mapping_template(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        mapping_template = _parse_mapping_template(d.pop("mapping_template", UNSET))

        def _parse_escalation_policy_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                escalation_policy_id_type_0 = UUID(data)

                return escalation_policy_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        escalation_policy_id = _parse_escalation_policy_id(d.pop("escalation_policy_id", UNSET))

        def _parse_grouping(data: object) -> GroupingSettingsInput | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                grouping_type_0 = GroupingSettingsInput.from_dict(data)

                return grouping_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GroupingSettingsInput | None | Unset, data)

        grouping = _parse_grouping(d.pop("grouping", UNSET))

        def _parse_flapping(data: object) -> FlappingSettingsInput | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                flapping_type_0 = FlappingSettingsInput.from_dict(data)

                return flapping_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FlappingSettingsInput | None | Unset, data)

        flapping = _parse_flapping(d.pop("flapping", UNSET))

        def _parse_reopen_window_minutes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        reopen_window_minutes = _parse_reopen_window_minutes(d.pop("reopen_window_minutes", UNSET))

        def _parse_team_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                team_id_type_0 = UUID(data)

                return team_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        team_id = _parse_team_id(d.pop("team_id", UNSET))

        outbound_paused = d.pop("outbound_paused", UNSET)

        update_integration_body = cls(
            name=name,
            enabled=enabled,
            webhook_config=webhook_config,
            settings=settings,
            mapping_template=mapping_template,
            escalation_policy_id=escalation_policy_id,
            grouping=grouping,
            flapping=flapping,
            reopen_window_minutes=reopen_window_minutes,
            team_id=team_id,
            outbound_paused=outbound_paused,
        )

        update_integration_body.additional_properties = d
        return update_integration_body

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
