import { useState } from 'react';
import { isUserFacingMessage, messageForStatus, networkErrorMessage } from '../../shared/errors.js';
import { authorizationHeader } from '../accounts/tokens';
import { trpc } from '../trpc';
import { toastError } from '../ui/toast';

/** What the upload field accepts; the server reads the real type from the bytes anyway. */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];

function failureMessage(status: number, body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    const message = parsed && typeof parsed === 'object' && 'message' in parsed ? parsed.message : undefined;
    if (isUserFacingMessage(message)) return message;
  } catch {
    // Not JSON (a proxy's page): the status decides the message.
  }
  return messageForStatus(status);
}

/**
 * POST /api/images as multipart with the field `files`; answers the stored
 * names in the order sent. XMLHttpRequest, unlike fetch, reports upload progress (0–100).
 */
export function uploadImages(files: readonly File[], onProgress: (percent: number) => void): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/images');
    for (const [header, value] of Object.entries(authorizationHeader())) request.setRequestHeader(header, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        const names: unknown = JSON.parse(request.responseText);
        if (Array.isArray(names) && names.every((name) => typeof name === 'string')) {
          resolve(names);
          return;
        }
      }
      reject(new Error(failureMessage(request.status, request.responseText)));
    };
    request.onerror = () => reject(new Error(networkErrorMessage));
    const body = new FormData();
    for (const file of files) body.append('files', file, file.name);
    request.send(body);
  });
}

/** Upload with a progress value for a Progress bar; a failure is toasted and answers null. */
export function useImageUpload() {
  const utils = trpc.useUtils();
  const [progress, setProgress] = useState<number | null>(null);
  const upload = async (files: readonly File[]): Promise<string[] | null> => {
    if (!files.length) return null;
    setProgress(0);
    try {
      const names = await uploadImages(files, setProgress);
      void utils.media.images.invalidate();
      return names;
    } catch (error) {
      toastError(error);
      return null;
    } finally {
      setProgress(null);
    }
  };
  return { upload, progress, uploading: progress !== null };
}
