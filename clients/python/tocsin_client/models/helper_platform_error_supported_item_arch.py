from enum import StrEnum


class HelperPlatformErrorSupportedItemArch(StrEnum):
    ARM64 = "arm64"
    X64 = "x64"

    def __str__(self) -> str:
        return str(self.value)
