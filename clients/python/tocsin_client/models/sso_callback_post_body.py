from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SsoCallbackPostBody")


@_attrs_define
class SsoCallbackPostBody:
    """
    Attributes:
        code (str | Unset): OIDC authorization code
        state (str | Unset): OIDC state, as initiate sent it
        iss (str | Unset):
        error (str | Unset):
        error_description (str | Unset):
        session_state (str | Unset):
        saml_response (str | Unset): SAML: the base64 Response (HTTP-POST only)
        relay_state (str | Unset): SAML: the state initiate sent as RelayState
    """

    code: str | Unset = UNSET
    state: str | Unset = UNSET
    iss: str | Unset = UNSET
    error: str | Unset = UNSET
    error_description: str | Unset = UNSET
    session_state: str | Unset = UNSET
    saml_response: str | Unset = UNSET
    relay_state: str | Unset = UNSET
    additional_properties: dict[str, str] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        state = self.state

        iss = self.iss

        error = self.error

        error_description = self.error_description

        session_state = self.session_state

        saml_response = self.saml_response

        relay_state = self.relay_state

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if code is not UNSET:
            field_dict["code"] = code
        if state is not UNSET:
            field_dict["state"] = state
        if iss is not UNSET:
            field_dict["iss"] = iss
        if error is not UNSET:
            field_dict["error"] = error
        if error_description is not UNSET:
            field_dict["error_description"] = error_description
        if session_state is not UNSET:
            field_dict["session_state"] = session_state
        if saml_response is not UNSET:
            field_dict["SAMLResponse"] = saml_response
        if relay_state is not UNSET:
            field_dict["RelayState"] = relay_state

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code", UNSET)

        state = d.pop("state", UNSET)

        iss = d.pop("iss", UNSET)

        error = d.pop("error", UNSET)

        error_description = d.pop("error_description", UNSET)

        session_state = d.pop("session_state", UNSET)

        saml_response = d.pop("SAMLResponse", UNSET)

        relay_state = d.pop("RelayState", UNSET)

        sso_callback_post_body = cls(
            code=code,
            state=state,
            iss=iss,
            error=error,
            error_description=error_description,
            session_state=session_state,
            saml_response=saml_response,
            relay_state=relay_state,
        )

        sso_callback_post_body.additional_properties = d
        return sso_callback_post_body

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> str:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: str) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
