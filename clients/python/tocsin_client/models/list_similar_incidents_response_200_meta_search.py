from enum import StrEnum


class ListSimilarIncidentsResponse200MetaSearch(StrEnum):
    AVAILABLE = "available"
    UNAVAILABLE = "unavailable"

    def __str__(self) -> str:
        return str(self.value)
