/**
 * 'Galería': upload several JPG/PNG/WebP (under the product id in 'product-images'), add from a URL
 * (button disabled while empty), numbered thumbnails (#orden), delete (row and storage object), and
 * a placeholder for a broken image. Only for a saved product.
 */
import AddLinkIcon from '@mui/icons-material/AddLink';
import BrokenImageIcon from '@mui/icons-material/BrokenImageOutlined';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Alert, Box, Button, Chip, CircularProgress, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useCreate, useDataProvider, useDelete, useGetList, useNotify, useTranslate } from 'react-admin';
import { GALLERY_ACCEPT, imageFileError, isImageUrl } from '../common/upload-names.ts';
import type { AdminDataProvider } from '../providers/dataProvider.ts';
import type { ProductImage } from '../providers/productTypes.ts';

export function GalleryTab({ productId }: { productId: string | null }) {
  const t = useTranslate();
  if (!productId)
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        {t('app.products.form.save_first')}
      </Alert>
    );
  return <GalleryEditor productId={productId} />;
}

function Thumb({ image, onDelete }: { image: ProductImage; onDelete: (i: ProductImage) => void }) {
  const t = useTranslate();
  const [broken, setBroken] = useState(false);
  return (
    <Box
      data-testid="gallery-image"
      sx={{
        position: 'relative',
        aspectRatio: '1 / 1',
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'grey.100',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {broken ? (
        <Stack sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <BrokenImageIcon />
          <Typography variant="caption">{t('app.products.form.broken_image')}</Typography>
        </Stack>
      ) : (
        <Box
          component="img"
          src={image.image_url}
          alt={`#${image.orden}`}
          onError={() => setBroken(true)}
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
      <Chip
        size="small"
        label={`#${image.orden}`}
        sx={{ position: 'absolute', top: 6, left: 6, bgcolor: 'rgba(0,0,0,.65)', color: '#fff' }}
      />
      <IconButton
        size="small"
        aria-label={t('app.products.form.delete_image', { orden: image.orden })}
        onClick={() => onDelete(image)}
        sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'rgba(255,255,255,.9)', '&:hover': { bgcolor: '#fff' } }}
      >
        <DeleteIcon fontSize="small" color="error" />
      </IconButton>
    </Box>
  );
}

function GalleryEditor({ productId }: { productId: string }) {
  const t = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const {
    data: images = [],
    isPending,
    error,
    refetch,
  } = useGetList<ProductImage>('product_images', {
    filter: { product_id: productId },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'orden', order: 'ASC' },
  });
  const [create] = useCreate<ProductImage>();
  const [deleteOne] = useDelete<ProductImage>();
  useEffect(() => {
    if (error) notify('app.products.notify.images_load_error', { type: 'error' });
  }, [error, notify]);
  const fileRef = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState('');
  const [uploading, setUploading] = useState(false);
  const [adding, setAdding] = useState(false);
  const refresh = () => refetch();
  const addImage = (imageUrl: string) =>
    create('product_images', { data: { product_id: productId, image_url: imageUrl } }, { returnPromise: true });

  /** An uploaded file under the product's folder, then its row; a failed row removes the upload. */
  const uploadGalleryImage = async (file: File) => {
    const url = await dataProvider.uploadProductImage(file, productId);
    try {
      await addImage(url);
    } catch (error) {
      await dataProvider.removeProductImage(url);
      throw error;
    }
  };
  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (files.length === 0) return;
    const valid = files.filter((f) => {
      const problem = imageFileError(f);
      if (problem) notify(problem, { type: 'error' });
      return !problem;
    });
    if (valid.length === 0) return;
    setUploading(true);
    let failed = 0;
    // one at a time so orden follows the chosen order
    for (const f of valid) {
      try {
        await uploadGalleryImage(f);
      } catch {
        failed += 1;
      }
    }
    setUploading(false);
    await refresh();
    if (failed > 0)
      notify(
        failed === valid.length && valid.length === 1 ? 'app.products.notify.image_save_error' : 'app.products.notify.images_upload_error',
        { type: 'error' },
      );
    else notify(valid.length === 1 ? 'app.products.notify.image_added' : 'app.products.notify.images_added', { type: 'success' });
  };

  const addFromUrl = async () => {
    const value = url.trim();
    if (!value) return;
    if (!isImageUrl(value)) {
      notify('app.products.notify.invalid_image', { type: 'error' });
      return;
    }
    setAdding(true);
    try {
      await addImage(value);
      setUrl('');
      await refresh();
      notify('app.products.notify.image_added', { type: 'success' });
    } catch {
      notify('app.products.notify.image_add_error', { type: 'error' });
    } finally {
      setAdding(false);
    }
  };

  const remove = async (image: ProductImage) => {
    try {
      await deleteOne('product_images', { id: image.id, previousData: image }, { returnPromise: true });
      await refresh();
      notify('app.products.notify.image_deleted', { type: 'success' });
    } catch {
      notify('app.products.notify.image_delete_error', { type: 'error' });
    }
  };

  return (
    <Stack spacing={2} sx={{ pt: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button
          variant="contained"
          startIcon={uploading ? <CircularProgress size={14} color="inherit" /> : <CloudUploadIcon />}
          disabled={uploading}
          onClick={() => fileRef.current?.click()}
        >
          {uploading ? t('app.products.form.uploading') : t('app.products.form.upload_images')}
        </Button>
        <Typography variant="caption" color="text.secondary">
          {t('app.products.form.upload_help')}
        </Typography>
        <input
          ref={fileRef}
          type="file"
          multiple
          accept={GALLERY_ACCEPT}
          hidden
          data-testid="gallery-input"
          onChange={(e) => void onFiles(e)}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <TextField
          size="small"
          label={t('app.products.form.image_url')}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          fullWidth
          type="url"
        />
        <Button
          variant="outlined"
          startIcon={adding ? <CircularProgress size={14} /> : <AddLinkIcon />}
          disabled={!url.trim() || adding}
          onClick={() => void addFromUrl()}
        >
          {t('app.products.form.add_image')}
        </Button>
      </Box>
      {isPending ? (
        <CircularProgress size={24} />
      ) : images.length === 0 ? (
        <Typography color="text.secondary">{t('app.products.form.no_images')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 1.5 }}>
          {images.map((i) => (
            <Thumb key={i.id} image={i} onDelete={(img) => void remove(img)} />
          ))}
        </Box>
      )}
    </Stack>
  );
}
