// Files uploaded with a record, the onboarding documents and the face photo (docs/domain.md "Files"): limits,
// messages and the kept file name, free of zod, so the web imports them directly; the zod schemas built on them
// are in ./contract.

/** What a file is for; the onboarding document step asks for each. */
export const UPLOAD_PURPOSES = [
  'id_card_front',
  'id_card_back',
  'education',
  'driving_licence',
  'face',
  /** A photo taken with an out-of-fence punch (外勤), kept with the punch. */
  'clock_photo',
  'other',
] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** Largest file accepted, in bytes. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** Types accepted, told from the file's first bytes (never from its name or the browser's claim). */
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

export const uploadMessages = {
  missing: '请选择要上传的文件',
  tooLarge: `文件过大，最大 ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
  invalid: '文件格式不支持，只能上传 JPG、PNG、WEBP 图片或 PDF 文件',
  imageOnly: '照片只能是 JPG、PNG 或 WEBP 图片',
  purposeInvalid: '文件用途不正确',
  notFound: '文件不存在',
} as const;

const FILE_NAME_MAX = 120;
// Control characters, the bidirectional controls that make `gnp.exe` read as `exe.png`, and path separators.
/* eslint-disable no-control-regex -- matching control characters is the point */
const UNSAFE_IN_FILE_NAME =
  /\p{Cs}|[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\\/]/gu;
/* eslint-enable no-control-regex */

/**
 * The name an uploaded file is kept and shown under: without control, direction or path characters, at most
 * 120 characters with its extension kept, never empty. The name is only ever shown, never trusted for the type.
 */
export function safeFileName(name: string): string {
  const cleaned = name.replace(UNSAFE_IN_FILE_NAME, '').trim().replace(/^\.+/, '');
  if (cleaned === '') return 'file';
  if (cleaned.length <= FILE_NAME_MAX) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, FILE_NAME_MAX - extension.length) + extension;
}
