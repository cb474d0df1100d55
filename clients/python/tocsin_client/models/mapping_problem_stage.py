from enum import StrEnum


class MappingProblemStage(StrEnum):
    COMPILE = "compile"
    EVALUATE = "evaluate"

    def __str__(self) -> str:
        return str(self.value)
