from enum import StrEnum


class CreateIncidentLinkBodyKind(StrEnum):
    CAUSED_BY = "caused_by"
    DUPLICATE_OF = "duplicate_of"
    RELATED = "related"

    def __str__(self) -> str:
        return str(self.value)
