from enum import StrEnum


class OnCallSourceType0(StrEnum):
    LAYER = "layer"
    OVERRIDE = "override"

    def __str__(self) -> str:
        return str(self.value)
