from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.page_method import PageMethod
from ..models.page_status import PageStatus

T = TypeVar("T", bound="Page")


@_attrs_define
class Page:
    """One page to one member through one channel

    Attributes:
        id (UUID):
        cycle (int): The escalation cycle that sent it: 1, then one more each time the incident reopened or was
            reassigned
        round_ (int): Counts from 1
        level (int): Counts from 1
        user_id (UUID):
        method (PageMethod):
        rule_id (None | UUID): The member's notification rule that sent it; null for the default page (account email at
            once)
        contact_method_id (None | UUID): The contact method it went to; null for the account email
        status (PageStatus): `sending` only while the send is under way
        error (None | str):
        attempts (int): How many times it was sent: more than 1 when a worker died after claiming it and it went again.
            For a pager a duplicate is better than a silence, so a page whose send may or may not have happened is sent
            again (the channel passes the page id as its idempotency key where the vendor takes one)
        resent_at (datetime.datetime | None): When it was last sent again after a crash; null when it went out once
        sent_at (datetime.datetime | None): When the channel accepted it; null while sending or when it failed
        created_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: UUID
    cycle: int
    round_: int
    level: int
    user_id: UUID
    method: PageMethod
    rule_id: None | UUID
    contact_method_id: None | UUID
    status: PageStatus
    error: None | str
    attempts: int
    resent_at: datetime.datetime | None
    sent_at: datetime.datetime | None
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        cycle = self.cycle

        round_ = self.round_

        level = self.level

        user_id = str(self.user_id)

        method = self.method.value

        rule_id: None | str
        if isinstance(self.rule_id, UUID):
            rule_id = str(self.rule_id)
        else:
            rule_id = self.rule_id

        contact_method_id: None | str
        if isinstance(self.contact_method_id, UUID):
            contact_method_id = str(self.contact_method_id)
        else:
            contact_method_id = self.contact_method_id

        status = self.status.value

        error: None | str
        error = self.error

        attempts = self.attempts

        resent_at: None | str
        if isinstance(self.resent_at, datetime.datetime):
            resent_at = self.resent_at.isoformat()
        else:
            resent_at = self.resent_at

        sent_at: None | str
        if isinstance(self.sent_at, datetime.datetime):
            sent_at = self.sent_at.isoformat()
        else:
            sent_at = self.sent_at

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "cycle": cycle,
                "round": round_,
                "level": level,
                "user_id": user_id,
                "method": method,
                "rule_id": rule_id,
                "contact_method_id": contact_method_id,
                "status": status,
                "error": error,
                "attempts": attempts,
                "resent_at": resent_at,
                "sent_at": sent_at,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        cycle = d.pop("cycle")

        round_ = d.pop("round")

        level = d.pop("level")

        user_id = UUID(d.pop("user_id"))

        method = PageMethod(d.pop("method"))

        def _parse_rule_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rule_id_type_0 = UUID(data)

                return rule_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        rule_id = _parse_rule_id(d.pop("rule_id"))

        def _parse_contact_method_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                contact_method_id_type_0 = UUID(data)

                return contact_method_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        contact_method_id = _parse_contact_method_id(d.pop("contact_method_id"))

        status = PageStatus(d.pop("status"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        attempts = d.pop("attempts")

        def _parse_resent_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                resent_at_type_0 = datetime.datetime.fromisoformat(data)

                return resent_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        resent_at = _parse_resent_at(d.pop("resent_at"))

        def _parse_sent_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                sent_at_type_0 = datetime.datetime.fromisoformat(data)

                return sent_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        sent_at = _parse_sent_at(d.pop("sent_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        page = cls(
            id=id,
            cycle=cycle,
            round_=round_,
            level=level,
            user_id=user_id,
            method=method,
            rule_id=rule_id,
            contact_method_id=contact_method_id,
            status=status,
            error=error,
            attempts=attempts,
            resent_at=resent_at,
            sent_at=sent_at,
            created_at=created_at,
        )

        return page
