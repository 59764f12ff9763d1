/**
 * Linux system audio: PulseAudio (and PipeWire through pipewire-pulse) offers every output
 * ("sink") as a recordable "monitor" source. These parse what `pactl` prints, to find the
 * monitor of the output the user is listening to.
 */

export interface PulseSource {
  index: number;
  name: string;
  driver: string;
  sampleSpec: string;
  state: string;
}

/** Parses `pactl list short sources` (tab-separated: index, name, driver, sample spec, state). */
export function parseShortSources(text: string): PulseSource[] {
  const sources: PulseSource[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const cols = line.split('\t');
    const index = Number.parseInt(cols[0] ?? '', 10);
    const name = cols[1]?.trim();
    if (!Number.isInteger(index) || !name) continue;
    sources.push({
      index,
      name,
      driver: cols[2]?.trim() ?? '',
      sampleSpec: cols[3]?.trim() ?? '',
      state: cols[4]?.trim() ?? '',
    });
  }
  return sources;
}

/** The default sink from `pactl get-default-sink` (one name) or `pactl info` ("Default Sink: name"). */
export function parseDefaultSink(text: string): string | undefined {
  const info = /^Default Sink:\s*(\S+)\s*$/m.exec(text);
  if (info) return info[1];
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.length === 1 && !lines[0]!.includes(':') ? lines[0] : undefined;
}

/**
 * The monitor to record: the default output's, else any monitor (one output only, or an unknown
 * default). Undefined when the sound server offers none.
 */
export function chooseMonitorSource(
  sources: readonly PulseSource[],
  defaultSink: string | undefined,
): string | undefined {
  const monitors = sources.filter((s) => s.name.endsWith('.monitor'));
  if (defaultSink) {
    const own = monitors.find((s) => s.name === `${defaultSink}.monitor`);
    if (own) return own.name;
  }
  return monitors[0]?.name;
}
