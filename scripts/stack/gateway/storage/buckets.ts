/** A row of storage.buckets (the platform's columns) and the JSON Storage answers with for it. */

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  type: string;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

export function bucketJson(b: BucketRow) {
  return {
    id: b.id,
    name: b.name,
    owner: b.owner ?? '',
    type: b.type,
    public: b.public,
    file_size_limit: b.file_size_limit === null ? null : Number(b.file_size_limit),
    allowed_mime_types: b.allowed_mime_types,
    created_at: b.created_at.toISOString(),
    updated_at: b.updated_at.toISOString(),
  };
}
