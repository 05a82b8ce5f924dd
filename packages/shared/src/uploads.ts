/** Files uploaded with a record: the onboarding documents and the face photo. */

/** What a file is for; the onboarding document step asks for each. */
export const UPLOAD_PURPOSES = [
  'id_card_front',
  'id_card_back',
  'education',
  'driving_licence',
  'face',
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
