import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { RECEIVER_DEVICE_ID_PATTERN } from '@onair/protocol';
import { RECEIVER_MODELS } from '@onair/protocol/constants';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useAddReceiver } from './queries';

const EMPTY = { deviceId: '', deviceName: '', model: '', firmwareVersion: '', region: '', latitude: '' as number | string, longitude: '' as number | string };

const coordinate = (value: number | string) => (typeof value === 'number' ? value : null);

/** What is wrong with a coordinate, said at the field (the input does not clamp it silently). */
function coordinateError(value: number | string, limit: number): string | undefined {
  return typeof value === 'number' && Math.abs(value) > limit ? `Between -${limit} and ${limit}` : undefined;
}

/** Register a receiver (spec §5: submit disabled unless deviceId, deviceName and model are set). */
export function AddReceiverDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const add = useAddReceiver();
  const [form, setForm] = useState(EMPTY);
  const [takenId, setTakenId] = useState<string | null>(null);
  const set = (field: keyof typeof EMPTY) => (value: string | number | null) => setForm((f) => ({ ...f, [field]: value ?? '' }));
  // The server's rules, checked as the person types rather than by a failed request.
  const deviceIdError = form.deviceId.trim() && !RECEIVER_DEVICE_ID_PATTERN.test(form.deviceId.trim())
    ? 'Letters, digits, dot, colon, dash and underscore, starting with a letter or digit'
    : takenId !== null && takenId === form.deviceId ? 'This device ID is already taken' : undefined;
  const latitudeError = coordinateError(form.latitude, 90);
  const longitudeError = coordinateError(form.longitude, 180);
  const ready = Boolean(form.deviceId.trim() && form.deviceName.trim() && form.model) && !deviceIdError && !latitudeError && !longitudeError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    add.mutate(
      {
        deviceId: form.deviceId.trim(),
        deviceName: form.deviceName,
        model: form.model as (typeof RECEIVER_MODELS)[number],
        firmwareVersion: form.firmwareVersion || null,
        location: { latitude: coordinate(form.latitude), longitude: coordinate(form.longitude), region: form.region || null },
      },
      {
        onSuccess: (receiver) => {
          toast({ title: 'Receiver Added', description: `${receiver.deviceName} is registered.` });
          setForm(EMPTY);
          onClose();
        },
        onError: (error) => {
          // A taken id is the person's to fix, not a failure to retry: say so at the field and in the toast.
          if (error instanceof ApiError && error.status === 409) {
            const taken = `Device ID ${form.deviceId} is already taken by one of your receivers. Choose another ID.`;
            setTakenId(form.deviceId);
            toast({ title: 'Device ID Taken', description: taken, variant: 'destructive' });
            return;
          }
          toast({ title: 'Registration Failed', description: 'Unable to register the satellite receiver. Please try again.', variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Add Satellite Receiver">
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Device ID"
            required
            placeholder="SR-000123"
            value={form.deviceId}
            onChange={(e) => set('deviceId')(e.currentTarget.value)}
            error={deviceIdError}
          />
          <TextInput label="Device name" required placeholder="Rooftop dish" value={form.deviceName} onChange={(e) => set('deviceName')(e.currentTarget.value)} />
          <Select label="Model" required data={[...RECEIVER_MODELS]} value={form.model || null} onChange={set('model')} placeholder="Choose a model" />
          <TextInput label="Firmware version" placeholder="2.4.1" value={form.firmwareVersion} onChange={(e) => set('firmwareVersion')(e.currentTarget.value)} />
          <TextInput label="Region" placeholder="West Africa" value={form.region} onChange={(e) => set('region')(e.currentTarget.value)} />
          <SimpleGrid cols={2}>
            <NumberInput label="Latitude" clampBehavior="none" decimalScale={5} value={form.latitude} onChange={set('latitude')} error={latitudeError} />
            <NumberInput label="Longitude" clampBehavior="none" decimalScale={5} value={form.longitude} onChange={set('longitude')} error={longitudeError} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!ready} loading={add.isPending}>
              Add Receiver
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
