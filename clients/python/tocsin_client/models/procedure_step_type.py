from enum import StrEnum


class ProcedureStepType(StrEnum):
    APPROVAL = "approval"
    HTTP = "http"
    MANUAL = "manual"
    WAIT = "wait"

    def __str__(self) -> str:
        return str(self.value)
