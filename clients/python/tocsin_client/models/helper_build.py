from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.helper_build_arch import HelperBuildArch
from ..models.helper_build_os import HelperBuildOs

T = TypeVar("T", bound="HelperBuild")


@_attrs_define
class HelperBuild:
    """
    Example:
        {'os': 'linux', 'arch': 'x64', 'platform': 'linux-x64', 'filename': 'tocsin', 'size': 124325056, 'sha256':
            '9eb27454d2744db5358204d71ca1bee1b48078e7ff60b853adc448d1ed7d1443', 'built_at': '2026-11-23T15:54:00.000Z',
            'download_url': '/api/v1/helper/download?os=linux&arch=x64'}

    Attributes:
        os (HelperBuildOs):
        arch (HelperBuildArch):
        platform (str): `<os>-<arch>`
        filename (str): `tocsin`, or `tocsin.exe` on Windows
        size (int): Bytes
        sha256 (str): Lowercase hex SHA-256 of the executable, as in X-Checksum-SHA256
        built_at (datetime.datetime): ISO 8601 UTC timestamp
        download_url (str): Path of GET /helper/download for this platform
    """

    os: HelperBuildOs
    arch: HelperBuildArch
    platform: str
    filename: str
    size: int
    sha256: str
    built_at: datetime.datetime
    download_url: str

    def to_dict(self) -> dict[str, Any]:
        os = self.os.value

        arch = self.arch.value

        platform = self.platform

        filename = self.filename

        size = self.size

        sha256 = self.sha256

        built_at = self.built_at.isoformat()

        download_url = self.download_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "os": os,
                "arch": arch,
                "platform": platform,
                "filename": filename,
                "size": size,
                "sha256": sha256,
                "built_at": built_at,
                "download_url": download_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        os = HelperBuildOs(d.pop("os"))

        arch = HelperBuildArch(d.pop("arch"))

        platform = d.pop("platform")

        filename = d.pop("filename")

        size = d.pop("size")

        sha256 = d.pop("sha256")

        built_at = datetime.datetime.fromisoformat(d.pop("built_at"))

        download_url = d.pop("download_url")

        helper_build = cls(
            os=os,
            arch=arch,
            platform=platform,
            filename=filename,
            size=size,
            sha256=sha256,
            built_at=built_at,
            download_url=download_url,
        )

        return helper_build
