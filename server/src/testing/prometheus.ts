/** Reads samples out of a Prometheus text exposition, for tests (promtool checks the format itself). */
import { execFile } from 'node:child_process';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function readSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, raw] of (match[2] ?? '').matchAll(LABEL))
      labels[key!] = raw!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of the samples of `name` whose labels include `labels`. */
export function sampleValue(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

/**
 * What `promtool check metrics` finds wrong with the exposition, one line per problem: a format error
 * ('error while linting: text format parsing error ...') or a metric's lint problem ('<name> <problem>').
 */
export function promtoolProblems(promtool: string, text: string): Promise<string[]> {
  return new Promise((resolve) => {
    const child = execFile(promtool, ['check', 'metrics'], (_error, stdout, stderr) =>
      resolve(
        `${stdout}${stderr}`
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
      ),
    );
    child.stdin!.end(text);
  });
}
