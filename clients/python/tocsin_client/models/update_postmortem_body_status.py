from enum import StrEnum


class UpdatePostmortemBodyStatus(StrEnum):
    DRAFT = "draft"
    IN_REVIEW = "in_review"
    PUBLISHED = "published"

    def __str__(self) -> str:
        return str(self.value)
