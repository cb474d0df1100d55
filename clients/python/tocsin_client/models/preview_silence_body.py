from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PreviewSilenceBody")


@_attrs_define
class PreviewSilenceBody:
    """
    Attributes:
        matchers (list[str] | str): Alertmanager matchers: one list (`{alertname="DiskFull", env=~"prod|staging"}`) or
            an array of matcher texts (`["alertname=DiskFull", "env!=dev"]`). Operators `=`, `!=`, `=~`, `!~`; a regex (RE2
            syntax, linear time) must match the whole value and may keep at most 256 positions alive at once (e.g. no
            `.{1000}` after `.*`), since each is paid for every character of a label; a label the alert lacks is the empty
            string. Matched over the alert's labels plus `severity`, `platform` and `integration` (the integration's id),
            which take precedence over labels of those names. At least one matcher must not match the empty string, and at
            least one must select only some values of its label (`severity=~".+"` or `{env=~".+", alertname!="Watchdog"}`
            would mute every alert and are refused).
    """

    matchers: list[str] | str

    def to_dict(self) -> dict[str, Any]:
        matchers: list[str] | str
        if isinstance(self.matchers, list):
            matchers = self.matchers

        else:
            matchers = self.matchers

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "matchers": matchers,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_matchers(data: object) -> list[str] | str:
            try:
                if not isinstance(data, list):
                    raise TypeError()
                matchers_type_1 = cast(list[str], data)

                return matchers_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | str, data)

        matchers = _parse_matchers(d.pop("matchers"))

        preview_silence_body = cls(
            matchers=matchers,
        )

        return preview_silence_body
