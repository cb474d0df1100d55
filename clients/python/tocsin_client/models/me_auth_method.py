from enum import StrEnum


class MeAuthMethod(StrEnum):
    API_KEY = "api_key"
    PASSWORD = "password"
    SSO = "sso"

    def __str__(self) -> str:
        return str(self.value)
