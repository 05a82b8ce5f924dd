import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { uploadMessages, type UploadPurpose } from '@dealer-hr/shared/uploads/rules';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { departments, jobTransfers, onboardingEntries, uploads } from '../../db/schema';
import { notFound, validationFailed } from '../../lib/errors';
import type { FileStorage } from '../../lib/file-storage';
import { sniffFileType } from '../../lib/file-type';
import type { AuthContext } from '../../plugins/auth';
import { pathInScope } from '../../core/scope';
import { wasSentTask } from '../approvals';

type Upload = typeof uploads.$inferSelect;

/**
 * The department of the record an upload belongs to, by owner type: a module whose records take uploads
 * (onboarding, staff) adds its resolver here, and its files become visible to whoever may see the record.
 */
export const uploadOwnerDepartments: Record<
  string,
  (db: Database, ownerId: number) => Promise<number | null>
> = {
  /** An onboarding entry's documents: whoever may see the entry (its target department's scope). */
  onboarding: async (db, ownerId) => {
    const [entry] = await db
      .select({ departmentId: onboardingEntries.departmentId })
      .from(onboardingEntries)
      .where(eq(onboardingEntries.id, ownerId));
    return entry?.departmentId ?? null;
  },
  /** A transfer's attachments: whoever may see where the person came from. */
  job_transfer: async (db, ownerId) => {
    const [transfer] = await db
      .select({ departmentId: jobTransfers.fromDepartmentId })
      .from(jobTransfers)
      .where(eq(jobTransfers.id, ownerId));
    return transfer?.departmentId ?? null;
  },
};

/** Readers of an owner's files besides its scope, by owner type: an onboarding's approvers, wherever they are. */
export const uploadOwnerReaders: Record<
  string,
  (db: Database, ownerId: number, userId: number) => Promise<boolean>
> = {
  onboarding: async (db, ownerId, userId) => {
    const [entry] = await db
      .select({ instanceId: onboardingEntries.instanceId })
      .from(onboardingEntries)
      .where(eq(onboardingEntries.id, ownerId));
    return entry !== undefined && wasSentTask(db, userId, entry.instanceId);
  },
  job_transfer: async (db, ownerId, userId) => {
    const [transfer] = await db
      .select({ instanceId: jobTransfers.instanceId })
      .from(jobTransfers)
      .where(eq(jobTransfers.id, ownerId));
    return transfer !== undefined && wasSentTask(db, userId, transfer.instanceId);
  },
};

export const uploadAnswerOf = (upload: Upload) => ({
  id: upload.id,
  url: `/api/auth/upload/file/${upload.id}`,
  mime: upload.mime,
  size: upload.size,
  file_name: upload.fileName,
  purpose: upload.purpose,
  created_at: upload.createdAt.toISOString(),
});

/** `POST upload/file`: checks the type from the content, stores the bytes by their hash, records the upload. */
export async function saveUpload(
  db: Database,
  files: FileStorage,
  userId: number,
  file: { bytes: Buffer; fileName: string; purpose: UploadPurpose },
) {
  const mime = sniffFileType(file.bytes);
  if (!mime) throw validationFailed([{ field: 'file', message: uploadMessages.invalid }]);
  if (file.purpose === 'face' && !mime.startsWith('image/'))
    throw validationFailed([{ field: 'file', message: uploadMessages.imageOnly }]);
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  // The bytes first: a row never names a file that is not there (an orphan file is harmless).
  await files.put(sha256, file.bytes);
  const [upload] = await db
    .insert(uploads)
    .values({
      sha256,
      size: file.bytes.length,
      mime,
      // Only shown (download name); kept short and free of path separators.
      fileName: file.fileName,
      purpose: file.purpose,
      uploadedByUserId: userId,
    })
    .returning();
  return uploadAnswerOf(upload!);
}

/** Its uploader may read a file; once a record owns it, whoever may see that record. Others get 404. */
async function visibleTo(db: Database, auth: AuthContext, upload: Upload): Promise<boolean> {
  if (upload.uploadedByUserId === auth.userId) return true;
  const departmentOf = upload.ownerType ? uploadOwnerDepartments[upload.ownerType] : undefined;
  if (!departmentOf || upload.ownerId === null) return false;
  const extraReader = uploadOwnerReaders[upload.ownerType!];
  if (extraReader && (await extraReader(db, upload.ownerId, auth.userId))) return true;
  const departmentId = await departmentOf(db, upload.ownerId);
  if (departmentId === null) return false;
  const scope = await auth.scope();
  if (scope.all) return true;
  const [department] = await db
    .select({ path: departments.path })
    .from(departments)
    .where(eq(departments.id, departmentId));
  return department !== undefined && pathInScope(scope, department.path);
}

/** `GET upload/file/:id`: the stored bytes with the type found at upload. */
export async function openUpload(
  db: Database,
  files: FileStorage,
  auth: AuthContext,
  id: number,
): Promise<{ upload: Upload; stream: Readable }> {
  const [upload] = await db.select().from(uploads).where(eq(uploads.id, id));
  if (!upload || !(await visibleTo(db, auth, upload))) throw notFound(uploadMessages.notFound);
  return { upload, stream: files.open(upload.sha256) };
}
