from enum import StrEnum


class HelperPlatformErrorSupportedItemOs(StrEnum):
    DARWIN = "darwin"
    LINUX = "linux"
    WINDOWS = "windows"

    def __str__(self) -> str:
        return str(self.value)
