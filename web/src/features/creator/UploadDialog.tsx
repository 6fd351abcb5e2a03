import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, FileInput, Group, Modal, Progress, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconFileUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CONTENT_TYPES, CONTENT_TYPE_LABELS } from '@onair/protocol/constants';
import type { ContentType, MediaJobResult } from '@onair/protocol';
import { toast } from '../../lib/toast';
import { OfflineNote } from '../../components/OfflineNote';
import { useBrowserOnline } from '../../lib/online';
import { useJobProgress } from '../translation/useJobProgress';
import { beginUpload, resumeUpload, sendFile } from './chunkedUpload';
import { creatorQueries } from './queries';
import { formatBytes } from '../../lib/format-bytes';
import { uploadQueries } from './uploadQueries';


type Phase = 'form' | 'uploading' | 'processing' | 'ready';

/** "Evening news.final.mp4" → "Evening news.final": a title to start from. */
function titleFromFile(name: string): string {
  return name.replace(/\.[^.]+$/, '').replace(/[_]+/g, ' ').trim();
}

/**
 * Upload a video or audio file as a new on-demand item. The file goes up in resumable 8 MB chunks
 * (the bar counts confirmed bytes); then the server's media job transcodes it (the bar follows the
 * job). A failed chunk can be resumed from where the server got to; offline, the upload pauses and
 * goes on by itself when the network is back; a file ffmpeg cannot read comes back with the reason. Without ffmpeg on the server the dialog says what to install instead.
 */
export function UploadDialog({ opened, onClose, creatorId }: { opened: boolean; onClose: () => void; creatorId: number }) {
  const client = useQueryClient();
  const caps = useQuery({ ...uploadQueries.capabilities(), enabled: opened });
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [type, setType] = useState<ContentType>('tv');
  const [phase, setPhase] = useState<Phase>('form');
  const [bytes, setBytes] = useState({ received: 0, total: 0 });
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [canResume, setCanResume] = useState(false);
  /** Offline mid-upload: it waits for the network and goes on by itself. */
  const [paused, setPaused] = useState(false);
  const online = useBrowserOnline();
  const titleTouched = useRef(false);

  const refreshLibrary = () => {
    void client.invalidateQueries({ queryKey: creatorQueries.content(creatorId).queryKey });
    void client.invalidateQueries({ queryKey: creatorQueries.state().queryKey });
  };

  const job = useJobProgress(jobId, {
    done: (result) => {
      const r = result as MediaJobResult;
      refreshLibrary();
      setPhase('ready');
      toast({ title: 'Upload Ready', description: `“${title}” is published (${Math.round(r.durationSeconds)} s).` });
    },
    failed: (error) => {
      refreshLibrary();
      setProblem(error);
      setPhase('form');
      setJobId(null);
      setUploadId(null);
      toast({ title: 'Upload Failed', description: error, variant: 'destructive' });
    },
  });

  const reset = () => {
    setFile(null);
    setTitle('');
    setDescription('');
    setType('tv');
    setPhase('form');
    setBytes({ received: 0, total: 0 });
    setUploadId(null);
    setJobId(null);
    setProblem(null);
    setCanResume(false);
    setPaused(false);
    titleTouched.current = false;
  };

  const close = () => {
    if (phase === 'ready') reset();
    onClose();
  };

  const pickFile = (picked: File | null) => {
    setFile(picked);
    setProblem(null);
    setCanResume(false);
    setUploadId(null);
    if (!picked) return;
    if (!titleTouched.current) setTitle(titleFromFile(picked.name));
    if (picked.type.startsWith('audio/') && type === 'tv') setType('podcast');
  };

  const run = async (send: () => Promise<{ jobId: string | null; uploadId: string }>) => {
    setProblem(null);
    setCanResume(false);
    setPhase('uploading');
    try {
      const finished = await send();
      setJobId(finished.jobId);
      setPhase('processing');
      refreshLibrary();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setProblem(message);
      setPhase('form');
      toast({ title: 'Upload Failed', description: message, variant: 'destructive' });
    }
  };

  const limit = caps.data?.uploadMaxBytes;
  const tooBig = file !== null && limit !== undefined && file.size > limit;
  const ffmpegMissing = caps.data?.ffmpeg === false;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || !title.trim() || tooBig || ffmpegMissing) return;
    if (file.size === 0) return setProblem('This file is empty');
    const callbacks = { onBytes: (received: number, total: number) => setBytes({ received, total }), onPaused: setPaused };
    void run(async () => {
      let id = uploadId;
      try {
        const upload = id ? null : await beginUpload({ filename: file.name, sizeBytes: file.size, title, description: description || undefined, type });
        if (upload) {
          id = upload.uploadId;
          setUploadId(id);
        }
        return upload ? await sendFile(file, upload, callbacks) : await resumeUpload(file, id!, callbacks);
      } catch (error) {
        // Bytes the server has stay there: the same file can continue from them.
        if (id) setCanResume(true);
        throw error;
      }
    });
  };

  const busy = phase === 'uploading' || phase === 'processing';
  const uploadShare = bytes.total > 0 ? (bytes.received / bytes.total) * 100 : 0;

  return (
    <Modal opened={opened} onClose={close} title="Upload media" size="lg">
      <form onSubmit={submit}>
        <Stack>
          {ffmpegMissing && (
            <Alert color="yellow" icon={<IconAlertTriangle size={16} />} title="Uploads are not available on this server">
              {caps.data?.install}
            </Alert>
          )}
          <FileInput
            label="Video or audio file"
            placeholder="Choose a file"
            accept="video/*,audio/*"
            leftSection={<IconFileUpload size={16} />}
            value={file}
            onChange={pickFile}
            disabled={busy || phase === 'ready'}
            clearable
            required
            error={tooBig && limit !== undefined ? `This file is ${formatBytes(file.size)}; uploads may be at most ${formatBytes(limit)}` : undefined}
            description={limit !== undefined ? `Up to ${formatBytes(limit)}. Large files upload in parts and can resume.` : undefined}
          />
          <TextInput
            label="Title"
            required
            maxLength={200}
            value={title}
            disabled={busy || phase === 'ready'}
            onChange={(e) => {
              titleTouched.current = true;
              setTitle(e.currentTarget.value);
            }}
          />
          <Textarea label="Description" autosize minRows={2} maxLength={5000} value={description} disabled={busy || phase === 'ready'} onChange={(e) => setDescription(e.currentTarget.value)} />
          <Select
            label="Type"
            data={CONTENT_TYPES.map((t) => ({ value: t, label: CONTENT_TYPE_LABELS[t] }))}
            value={type}
            onChange={(v) => v && setType(v as ContentType)}
            allowDeselect={false}
            disabled={busy || phase === 'ready'}
          />

          {(phase === 'uploading' || (canResume && bytes.total > 0)) && (
            <Stack gap={4}>
              <Progress value={uploadShare} aria-label="Upload progress" animated={phase === 'uploading' && !paused} />
              <Text size="sm" c="dimmed" role="status" data-testid="upload-status">
                {phase === 'uploading' && paused
                  ? `Paused at ${formatBytes(bytes.received)} of ${formatBytes(bytes.total)}: you’re offline. The upload goes on when your connection is back.`
                  : `${phase === 'uploading' ? 'Uploading' : 'Uploaded'} ${formatBytes(bytes.received)} of ${formatBytes(bytes.total)} (${Math.floor(uploadShare)}%)`}
              </Text>
            </Stack>
          )}
          {(phase === 'processing' || phase === 'ready') && (
            <Stack gap={4}>
              <Progress value={phase === 'ready' ? 100 : (job?.progress ?? 0)} color={phase === 'ready' ? 'green' : undefined} aria-label="Processing progress" animated={phase === 'processing'} />
              <Text size="sm" c="dimmed">
                {phase === 'ready' ? 'Ready: the item is published in your library.' : `Processing: ${job?.message ?? 'Queued'} (${Math.floor(job?.progress ?? 0)}%)`}
              </Text>
            </Stack>
          )}
          {problem && (
            <Alert color="red" icon={<IconAlertTriangle size={16} />} title={canResume ? 'The upload stopped' : 'This upload did not work'}>
              {problem}
            </Alert>
          )}

          {!busy && phase !== 'ready' && <OfflineNote testId="upload-offline">Uploads wait for your connection.</OfflineNote>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {busy ? 'Hide' : 'Close'}
            </Button>
            {phase === 'ready' ? (
              <Button onClick={reset}>Upload another</Button>
            ) : (
              <Button type="submit" loading={busy} disabled={!file || !title.trim() || tooBig || ffmpegMissing || (!online && !busy)}>
                {canResume ? 'Resume upload' : 'Upload'}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
