/** Everything a command touches outside itself, so tests and the binary wire it differently. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Record<string, string | undefined>;
  configPath: string;
  /** Both stdin and stderr are terminals: prompts can be answered. */
  interactive: boolean;
  ask(question: string): Promise<string>;
  /** A file's bytes; `-` is standard input. */
  readInput(path: string): Promise<Buffer>;
  /** Resolves on Ctrl-C. */
  interrupted: Promise<void>;
}
