from enum import StrEnum


class SearchQueryBodyTypesItem(StrEnum):
    ARTICLE = "article"
    INCIDENT = "incident"
    LOG = "log"
    PROCEDURE = "procedure"

    def __str__(self) -> str:
        return str(self.value)
