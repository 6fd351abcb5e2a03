import { useEffect, useState } from 'react';
import { NumberInput, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { CONTENT_TYPES, destinationName, STREAM_BITRATE, STREAM_DESCRIPTION_MAX_LENGTH, STREAM_RESOLUTIONS, type StreamDestination } from '@onair/protocol';
import type { StudioForm } from './queries';

type Change = <K extends keyof StudioForm>(field: K, value: StudioForm[K]) => void;

const TYPE_LABELS = { tv: 'TV channel', radio: 'Radio (audio only)', podcast: 'Podcast recording', other: 'Other' } as const;

/** Said at the field as the person types (a pasted text is kept whole, not cut); Save and Start wait for it. */
export function descriptionError(description: string): string | undefined {
  const length = description.trim().length;
  return length > STREAM_DESCRIPTION_MAX_LENGTH
    ? `At most ${STREAM_DESCRIPTION_MAX_LENGTH.toLocaleString()} characters; this one has ${length.toLocaleString()}.`
    : undefined;
}

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
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxRows={12}
        value={form.description}
        onChange={(e) => onChange('description', e.currentTarget.value)}
        disabled={disabled}
        error={descriptionError(form.description)}
      />
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

const bitrateInRange = (value: number | string): value is number => typeof value === 'number' && value >= STREAM_BITRATE.min && value <= STREAM_BITRATE.max;

/**
 * The settings tab: encoding and what happens after the show. The bitrate is kept as typed: an empty
 * or out-of-range value is said at the field and reported through `onValidity` (the page then keeps
 * Save disabled), rather than clamped or dropped while Save said the settings were stored.
 */
export function EncodingFields({ form, onChange, disabled, onValidity }: { form: StudioForm; onChange: Change; disabled: boolean; onValidity: (valid: boolean) => void }) {
  const [bitrate, setBitrate] = useState<number | string>(form.bitrate);
  const valid = bitrateInRange(bitrate);
  useEffect(() => {
    onValidity(valid);
    // Leaving the tab drops the draft: the form's own value, valid, is what remains.
    return () => onValidity(true);
  }, [valid, onValidity]);
  return (
    <Stack>
      <NumberInput
        label="Bitrate (kbps)"
        step={100}
        allowDecimal={false}
        value={bitrate}
        onChange={(v) => {
          setBitrate(v);
          if (bitrateInRange(v)) onChange('bitrate', v);
        }}
        error={valid ? undefined : `Between ${STREAM_BITRATE.min} and ${STREAM_BITRATE.max} kbps`}
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
