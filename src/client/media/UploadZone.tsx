import '@mantine/dropzone/styles.css';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import { toastError } from '../ui/toast';
import { acceptedImageTypes } from './upload';

interface UploadZoneProps {
  onFiles: (files: File[]) => void;
  /** 0–100 while an upload runs, null otherwise. */
  progress: number | null;
  multiple?: boolean;
  compact?: boolean;
  /** Grow in a row (next to other buttons). */
  grow?: boolean;
}

/** Drop or choose image files; while they upload, a progress bar fed by the upload's progress events. */
export function UploadZone({ onFiles, progress, multiple = true, compact = false, grow = false }: UploadZoneProps) {
  const uploading = progress !== null;
  return (
    <Stack gap={4} style={grow ? { flex: '1 1 220px' } : undefined}>
      <Dropzone
        onDrop={onFiles}
        onReject={(rejections) =>
          toastError(new Error(`Можно загрузить только изображения JPEG, PNG, WebP, GIF или AVIF: ${rejections.map((rejection) => rejection.file.name).join(', ')}`))
        }
        accept={acceptedImageTypes}
        multiple={multiple}
        disabled={uploading}
        p={compact ? 'xs' : 'lg'}
        aria-label="Загрузить изображения"
      >
        <Group gap="sm" justify="center" mih={compact ? 36 : 80} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={compact ? 18 : 32} />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={compact ? 18 : 32} />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconPhoto size={compact ? 18 : 32} />
          </Dropzone.Idle>
          <div>
            <Text size={compact ? 'sm' : 'md'}>{multiple ? 'Перетащите файлы сюда или нажмите, чтобы выбрать' : 'Перетащите файл сюда или нажмите, чтобы выбрать'}</Text>
            {!compact && (
              <Text size="xs" c="dimmed">
                JPEG, PNG, WebP, GIF или AVIF; метаданные (EXIF) удаляются
              </Text>
            )}
          </div>
        </Group>
      </Dropzone>
      {uploading && (
        <Group gap="xs" wrap="nowrap" data-testid="upload-progress">
          <Progress value={progress} animated striped style={{ flex: 1 }} aria-label="Загрузка файлов" />
          <Text size="xs" c="dimmed" w={40} ta="right">
            {progress}%
          </Text>
        </Group>
      )}
    </Stack>
  );
}
