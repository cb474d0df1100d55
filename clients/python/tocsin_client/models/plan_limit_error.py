from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.plan_limit_error_code import PlanLimitErrorCode
from ..models.plan_limit_error_resource import PlanLimitErrorResource
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.plan_limit_error_errors_item import PlanLimitErrorErrorsItem


T = TypeVar("T", bound="PlanLimitError")


@_attrs_define
class PlanLimitError:
    """
    Example:
        {'detail': 'The free plan allows 3 integrations; upgrade the plan (POST /billing/checkout) or remove some
            first', 'status_code': 402, 'code': 'PLAN_LIMIT_REACHED', 'request_id': '6f1c2b3a-0d4e-4f5a-8b9c-1d2e3f4a5b6c',
            'resource': 'integrations', 'limit': 3, 'plan': 'free'}

    Attributes:
        detail (str):
        status_code (int):
        code (PlanLimitErrorCode):
        request_id (str):
        resource (PlanLimitErrorResource):
        limit (int):
        plan (str):
        errors (list[PlanLimitErrorErrorsItem] | Unset):
    """

    detail: str
    status_code: int
    code: PlanLimitErrorCode
    request_id: str
    resource: PlanLimitErrorResource
    limit: int
    plan: str
    errors: list[PlanLimitErrorErrorsItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        detail = self.detail

        status_code = self.status_code

        code = self.code.value

        request_id = self.request_id

        resource = self.resource.value

        limit = self.limit

        plan = self.plan

        errors: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = []
            for errors_item_data in self.errors:
                errors_item = errors_item_data.to_dict()
                errors.append(errors_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "detail": detail,
                "status_code": status_code,
                "code": code,
                "request_id": request_id,
                "resource": resource,
                "limit": limit,
                "plan": plan,
            }
        )
        if errors is not UNSET:
            field_dict["errors"] = errors

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.plan_limit_error_errors_item import PlanLimitErrorErrorsItem  # noqa: PLC0415

        d = dict(src_dict)
        detail = d.pop("detail")

        status_code = d.pop("status_code")

        code = PlanLimitErrorCode(d.pop("code"))

        request_id = d.pop("request_id")

        resource = PlanLimitErrorResource(d.pop("resource"))

        limit = d.pop("limit")

        plan = d.pop("plan")

        _errors = d.pop("errors", UNSET)
        errors: list[PlanLimitErrorErrorsItem] | Unset = UNSET
        if _errors is not UNSET:
            errors = []
            for errors_item_data in _errors:
                errors_item = PlanLimitErrorErrorsItem.from_dict(errors_item_data)

                errors.append(errors_item)

        plan_limit_error = cls(
            detail=detail,
            status_code=status_code,
            code=code,
            request_id=request_id,
            resource=resource,
            limit=limit,
            plan=plan,
            errors=errors,
        )

        return plan_limit_error
