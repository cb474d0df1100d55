from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateSilenceBody")


@_attrs_define
class UpdateSilenceBody:
    """
    Attributes:
        matchers (list[str] | str | Unset): Alertmanager matchers: one list (`{alertname="DiskFull",
            env=~"prod|staging"}`) or an array of matcher texts (`["alertname=DiskFull", "env!=dev"]`). Operators `=`, `!=`,
            `=~`, `!~`; a regex (RE2 syntax, linear time) must match the whole value and may keep at most 256 positions
            alive at once (e.g. no `.{1000}` after `.*`), since each is paid for every character of a label; a label the
            alert lacks is the empty string. Matched over the alert's labels plus `severity`, `platform` and `integration`
            (the integration's id), which take precedence over labels of those names. At least one matcher must not match
            the empty string, and at least one must select only some values of its label (`severity=~".+"` or `{env=~".+",
            alertname!="Watchdog"}` would mute every alert and are refused).
        starts_at (datetime.datetime | Unset): RFC 3339 date-time with offset
        ends_at (datetime.datetime | Unset): RFC 3339 date-time with offset
        comment (str | Unset):
    """

    matchers: list[str] | str | Unset = UNSET
    starts_at: datetime.datetime | Unset = UNSET
    ends_at: datetime.datetime | Unset = UNSET
    comment: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        matchers: list[str] | str | Unset
        if isinstance(self.matchers, Unset):
            matchers = UNSET
        elif isinstance(self.matchers, list):
            matchers = self.matchers

        else:
            matchers = self.matchers

        starts_at: str | Unset = UNSET
        if not isinstance(self.starts_at, Unset):
            starts_at = self.starts_at.isoformat()

        ends_at: str | Unset = UNSET
        if not isinstance(self.ends_at, Unset):
            ends_at = self.ends_at.isoformat()

        comment = self.comment

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if matchers is not UNSET:
            field_dict["matchers"] = matchers
        if starts_at is not UNSET:
            field_dict["starts_at"] = starts_at
        if ends_at is not UNSET:
            field_dict["ends_at"] = ends_at
        if comment is not UNSET:
            field_dict["comment"] = comment

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_matchers(data: object) -> list[str] | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                matchers_type_1 = cast(list[str], data)

                return matchers_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | str | Unset, data)

        matchers = _parse_matchers(d.pop("matchers", UNSET))

        _starts_at = d.pop("starts_at", UNSET)
        starts_at: datetime.datetime | Unset
        if isinstance(_starts_at, Unset):
            starts_at = UNSET
        else:
            starts_at = datetime.datetime.fromisoformat(_starts_at)

        _ends_at = d.pop("ends_at", UNSET)
        ends_at: datetime.datetime | Unset
        if isinstance(_ends_at, Unset):
            ends_at = UNSET
        else:
            ends_at = datetime.datetime.fromisoformat(_ends_at)

        comment = d.pop("comment", UNSET)

        update_silence_body = cls(
            matchers=matchers,
            starts_at=starts_at,
            ends_at=ends_at,
            comment=comment,
        )

        return update_silence_body
