// Which files a document or comment names, so a check can fail when one of them does not exist.
const TOP_LEVEL = 'api|workflows|activities|worker|shared|test|bench|dev|docs|deploy|clients|console|\\.ci';
const EXTENSIONS = 'ts|md|js|cjs|mjs|json|yml|yaml|sh|py|go|tsx|css|html|sql';

/** A repository path such as `shared/config.ts`, wherever it appears (prose, comments, code spans). */
const REPO_PATH = new RegExp(`(?<![\\w./-])((?:${TOP_LEVEL})/[\\w./@-]*\\w\\.(?:${EXTENSIONS}))\\b`, 'g');
/** A bare file name in a code span, such as `relay.ts`: some file of the repository must have it. */
const BARE_NAME = /`([\w.-]+\.(?:ts|md|js|cjs|mjs|sh|py|go|yml|yaml))`/g;
/** A relative Markdown link target, without its anchor. */
const MARKDOWN_LINK = /\]\(([^)#\s]+)(?:#[^)]*)?\)/g;

export interface NamedFiles {
  /** Paths from the repository's root. */
  repoPaths: string[];
  /** File names alone. */
  bareNames: string[];
  /** Link targets relative to the document. */
  relativeLinks: string[];
}

export function namedFiles(text: string, isMarkdown: boolean): NamedFiles {
  const repoPaths = [...text.matchAll(REPO_PATH)].map((m) => m[1]!).filter((path) => !/[*<{]/.test(path));
  const bareNames = isMarkdown ? [...text.matchAll(BARE_NAME)].map((m) => m[1]!) : [];
  const relativeLinks = isMarkdown
    ? [...text.matchAll(MARKDOWN_LINK)].map((m) => m[1]!).filter((target) => !/^([a-z]+:|\/)/i.test(target))
    : [];
  return { repoPaths, bareNames, relativeLinks };
}
