from enum import StrEnum


class CreateSsoConnectionBodyType1DefaultRole(StrEnum):
    ADMIN = "admin"
    ENGINEER = "engineer"
    VIEWER = "viewer"

    def __str__(self) -> str:
        return str(self.value)
