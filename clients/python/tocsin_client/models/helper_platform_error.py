from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.helper_platform_error_code import HelperPlatformErrorCode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.helper_platform_error_errors_item import HelperPlatformErrorErrorsItem
    from ..models.helper_platform_error_supported_item import HelperPlatformErrorSupportedItem


T = TypeVar("T", bound="HelperPlatformError")


@_attrs_define
class HelperPlatformError:
    """A 422 of GET /helper/download: `supported` lists the platforms when none or an unsupported one was asked for.

    Attributes:
        detail (str):
        status_code (int):
        code (HelperPlatformErrorCode):
        request_id (str):
        errors (list[HelperPlatformErrorErrorsItem] | Unset):
        required_permission (str | Unset): 403 INSUFFICIENT_PERMISSIONS: the permission the request needed
        ungrantable_permissions (list[str] | Unset): 403 on creating an API key: the permissions its creator lacks
        setting (str | Unset): 403 INSUFFICIENT_PERMISSIONS refused by an organization setting: which one
        supported (list[HelperPlatformErrorSupportedItem] | Unset): Every platform a build can exist for
    """

    detail: str
    status_code: int
    code: HelperPlatformErrorCode
    request_id: str
    errors: list[HelperPlatformErrorErrorsItem] | Unset = UNSET
    required_permission: str | Unset = UNSET
    ungrantable_permissions: list[str] | Unset = UNSET
    setting: str | Unset = UNSET
    supported: list[HelperPlatformErrorSupportedItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        detail = self.detail

        status_code = self.status_code

        code = self.code.value

        request_id = self.request_id

        errors: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = []
            for errors_item_data in self.errors:
                errors_item = errors_item_data.to_dict()
                errors.append(errors_item)

        required_permission = self.required_permission

        ungrantable_permissions: list[str] | Unset = UNSET
        if not isinstance(self.ungrantable_permissions, Unset):
            ungrantable_permissions = self.ungrantable_permissions

        setting = self.setting

        supported: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.supported, Unset):
            supported = []
            for supported_item_data in self.supported:
                supported_item = supported_item_data.to_dict()
                supported.append(supported_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "detail": detail,
                "status_code": status_code,
                "code": code,
                "request_id": request_id,
            }
        )
        if errors is not UNSET:
            field_dict["errors"] = errors
        if required_permission is not UNSET:
            field_dict["required_permission"] = required_permission
        if ungrantable_permissions is not UNSET:
            field_dict["ungrantable_permissions"] = ungrantable_permissions
        if setting is not UNSET:
            field_dict["setting"] = setting
        if supported is not UNSET:
            field_dict["supported"] = supported

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.helper_platform_error_errors_item import HelperPlatformErrorErrorsItem  # noqa: PLC0415
        from ..models.helper_platform_error_supported_item import HelperPlatformErrorSupportedItem  # noqa: PLC0415

        d = dict(src_dict)
        detail = d.pop("detail")

        status_code = d.pop("status_code")

        code = HelperPlatformErrorCode(d.pop("code"))

        request_id = d.pop("request_id")

        _errors = d.pop("errors", UNSET)
        errors: list[HelperPlatformErrorErrorsItem] | Unset = UNSET
        if _errors is not UNSET:
            errors = []
            for errors_item_data in _errors:
                errors_item = HelperPlatformErrorErrorsItem.from_dict(errors_item_data)

                errors.append(errors_item)

        required_permission = d.pop("required_permission", UNSET)

        ungrantable_permissions = cast(list[str], d.pop("ungrantable_permissions", UNSET))

        setting = d.pop("setting", UNSET)

        _supported = d.pop("supported", UNSET)
        supported: list[HelperPlatformErrorSupportedItem] | Unset = UNSET
        if _supported is not UNSET:
            supported = []
            for supported_item_data in _supported:
                supported_item = HelperPlatformErrorSupportedItem.from_dict(supported_item_data)

                supported.append(supported_item)

        helper_platform_error = cls(
            detail=detail,
            status_code=status_code,
            code=code,
            request_id=request_id,
            errors=errors,
            required_permission=required_permission,
            ungrantable_permissions=ungrantable_permissions,
            setting=setting,
            supported=supported,
        )

        return helper_platform_error
