/** Upload a hero image (checked, stored in 'hero-images' under a generated name) or paste its URL. */
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { TextInput, required, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { requiredUrl } from '../common/validators.ts';
import type { AdminDataProvider } from '../providers/dataProvider.ts';
import { GALLERY_ACCEPT } from '../common/upload-names.ts';
import { imageFileError } from './imageFile.ts';

export function HeroImageUpload() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { setValue, watch } = useFormContext();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const url = watch('image_url') as string | undefined;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileError(file);
    if (problem) {
      notify(problem, { type: 'error' });
      return;
    }
    setUploading(true);
    try {
      const publicUrl = await dataProvider.uploadHeroImage(file);
      setValue('image_url', publicUrl, { shouldDirty: true, shouldValidate: true });
    } catch {
      notify('app.settings.upload_error', { type: 'error' });
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Box sx={{ mb: 2 }}>
      <input ref={input} type="file" accept={GALLERY_ACCEPT} hidden data-testid="hero-file" onChange={(e) => onFile(e.target.files?.[0])} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Button
          variant="outlined"
          startIcon={uploading ? <CircularProgress size={16} /> : <UploadIcon />}
          disabled={uploading}
          onClick={() => input.current?.click()}
        >
          {translate('app.settings.upload')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {translate('app.settings.or_url')}
        </Typography>
      </Box>
      <TextInput source="image_url" validate={[required(), requiredUrl]} fullWidth />
      {url && <Box component="img" src={url} alt="" sx={{ maxHeight: 140, maxWidth: '100%', borderRadius: 1 }} />}
    </Box>
  );
}
