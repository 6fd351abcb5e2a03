import { NumberInput, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { CONTENT_TYPES, destinationName, STREAM_BITRATE, STREAM_RESOLUTIONS, type StreamDestination } from '@onair/protocol';
import type { StudioForm } from './queries';

type Change = <K extends keyof StudioForm>(field: K, value: StudioForm[K]) => void;

const TYPE_LABELS = { tv: 'TV channel', radio: 'Radio (audio only)', podcast: 'Podcast recording', other: 'Other' } as const;

/** The stream tab: what the broadcast is called and where it goes. */
export function BroadcastFields({ form, onChange, disabled, reachable }: { form: StudioForm; onChange: Change; disabled: boolean; reachable?: ReadonlySet<string> }) {
  // A platform switched on with no enabled destination (server URL and key) receives nothing: say so.
  const unreachable = (platform: StreamDestination['platform'], enabled: boolean) =>
    enabled && platform !== 'onair' && reachable !== undefined && !reachable.has(platform)
      ? `No enabled ${destinationName(platform)} destination yet: add its server URL and stream key under Restream destinations.`
      : undefined;
  const toggle = (platform: StreamDestination['platform'], enabled: boolean) =>
    onChange('destinations', form.destinations.map((d) => (d.platform === platform ? { ...d, enabled } : d)));
  return (
    <Stack>
      <TextInput label="Title" placeholder="Friday Night Live" value={form.title} onChange={(e) => onChange('title', e.currentTarget.value)} disabled={disabled} maxLength={200} />
      <Textarea label="Description" autosize minRows={2} value={form.description} onChange={(e) => onChange('description', e.currentTarget.value)} disabled={disabled} />
      <Select
        label="Listed as"
        data={CONTENT_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
        value={form.contentType}
        onChange={(v) => v && onChange('contentType', v as StudioForm['contentType'])}
        allowDeselect={false}
        disabled={disabled}
      />
      <div>
        <Text size="sm" fw={500} mb={6}>
          Destinations
        </Text>
        <Stack gap="xs">
          {form.destinations.map((d) => (
            <Switch
              key={d.platform}
              label={destinationName(d.platform)}
              description={unreachable(d.platform, d.enabled)}
              checked={d.enabled}
              onChange={(e) => toggle(d.platform, e.currentTarget.checked)}
              disabled={disabled}
            />
          ))}
        </Stack>
      </div>
    </Stack>
  );
}

/** The settings tab: encoding and what happens after the show. */
export function EncodingFields({ form, onChange, disabled }: { form: StudioForm; onChange: Change; disabled: boolean }) {
  return (
    <Stack>
      <NumberInput
        label="Bitrate (kbps)"
        min={STREAM_BITRATE.min}
        max={STREAM_BITRATE.max}
        step={100}
        clampBehavior="strict"
        allowDecimal={false}
        value={form.bitrate}
        onChange={(v) => typeof v === 'number' && onChange('bitrate', v)}
        disabled={disabled}
      />
      <Select
        label="Resolution"
        data={[...STREAM_RESOLUTIONS]}
        value={form.resolution}
        onChange={(v) => v && onChange('resolution', v as StudioForm['resolution'])}
        allowDeselect={false}
        disabled={disabled}
      />
      <Switch label="Save recording (keep the show as on-demand content)" checked={form.saveRecording} onChange={(e) => onChange('saveRecording', e.currentTarget.checked)} disabled={disabled} />
      <Switch label="Generate podcast" checked={form.generatePodcast} onChange={(e) => onChange('generatePodcast', e.currentTarget.checked)} disabled={disabled} />
      <Switch label="Live captions" checked={form.liveCaptions} onChange={(e) => onChange('liveCaptions', e.currentTarget.checked)} disabled={disabled} />
    </Stack>
  );
}
