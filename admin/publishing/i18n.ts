/** Spanish messages of the publication status (merged into the admin catalogue by admin/i18n/es.ts). */
export const publishingMessages = {
  app: {
    publishing: {
      working: 'Publicando... %{elapsed}',
      failed: 'Error al publicar',
      pending: 'Cambios pendientes',
      never: 'Tienda sin publicar',
      published_now: 'Tienda publicada hace un momento',
      published_minutes: 'Tienda publicada hace %{n} min',
      published_hours: 'Tienda publicada hace %{n} h',
      published_days: 'Tienda publicada hace %{n} d',
      publish_now: 'Publicar ahora',
      requested: 'Publicación solicitada',
      request_error: 'No se pudo solicitar la publicación: %{error}',
      status_label: 'Estado de la tienda publicada',
    },
  },
};
