from enum import StrEnum


class SsoConnectionKind(StrEnum):
    AZURE = "azure"
    GOOGLE = "google"
    OIDC = "oidc"
    OKTA = "okta"
    SAML = "saml"

    def __str__(self) -> str:
        return str(self.value)
