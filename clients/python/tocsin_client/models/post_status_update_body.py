from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.post_status_update_body_kind import PostStatusUpdateBodyKind
from ..models.post_status_update_body_visibility import PostStatusUpdateBodyVisibility
from ..types import UNSET, Unset

T = TypeVar("T", bound="PostStatusUpdateBody")


@_attrs_define
class PostStatusUpdateBody:
    """
    Attributes:
        kind (PostStatusUpdateBodyKind): Where the incident stands: investigating, identified, monitoring or resolved
        body (str): The update itself, plain text
        visibility (PostStatusUpdateBodyVisibility | Unset): `internal`: the timeline, the chat feed and members
            subscribed to the incident. `public`: also the status page, its Atom feed and every subscriber (outside
            addresses too) Default: PostStatusUpdateBodyVisibility.INTERNAL.
        title (None | str | Unset): The incident's name on the status page from this update on (public updates only; the
            incident's own title is never published). Null keeps the name an earlier public update gave, else `Service
            disruption`
    """

    kind: PostStatusUpdateBodyKind
    body: str
    visibility: PostStatusUpdateBodyVisibility | Unset = PostStatusUpdateBodyVisibility.INTERNAL
    title: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        body = self.body

        visibility: str | Unset = UNSET
        if not isinstance(self.visibility, Unset):
            visibility = self.visibility.value

        title: None | str | Unset
        if isinstance(self.title, Unset):
            title = UNSET
        else:
            title = self.title

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "body": body,
            }
        )
        if visibility is not UNSET:
            field_dict["visibility"] = visibility
        if title is not UNSET:
            field_dict["title"] = title

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = PostStatusUpdateBodyKind(d.pop("kind"))

        body = d.pop("body")

        _visibility = d.pop("visibility", UNSET)
        visibility: PostStatusUpdateBodyVisibility | Unset
        if isinstance(_visibility, Unset):
            visibility = UNSET
        else:
            visibility = PostStatusUpdateBodyVisibility(_visibility)

        def _parse_title(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        title = _parse_title(d.pop("title", UNSET))

        post_status_update_body = cls(
            kind=kind,
            body=body,
            visibility=visibility,
            title=title,
        )

        return post_status_update_body
