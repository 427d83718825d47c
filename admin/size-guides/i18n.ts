/**
 * Spanish messages of the size guides (merged into the admin catalogue by admin/i18n/es.ts), and the
 * 'Tipo de talla' field of categories and subcategories.
 */
export const sizeGuidesMessages = {
  resources: {
    size_guides: {
      name: 'Guía de tallas |||| Guías de tallas',
      fields: {
        nombre: 'Nombre',
        tipo_talla: 'Tipo de talla',
        owner_kind: 'Es la guía de',
        category_id: 'Categoría',
        subcategory_id: 'Subcategoría',
        brand_id: 'Marca',
        filas: 'Tallas',
        nota: 'Nota para el comprador',
        updated_at: 'Actualizada',
      },
    },
    categories: { fields: { tipo_talla: 'Tipo de talla' } },
    subcategories: { fields: { tipo_talla: 'Tipo de talla' } },
  },
  app: {
    menu: { size_guides: 'Guías de tallas' },
    size_kinds: {
      ropa: 'Ropa',
      pantalon: 'Pantalón',
      calzado: 'Calzado',
      none: 'Sin tallas',
      inherit: 'La de su categoría',
      category_help: 'Qué tallas usan sus productos: la guía de tallas y «Mi talla» de los compradores dependen de esto.',
      subcategory_help: 'Solo si no es la de su categoría (Ropa › Pantalones: Pantalón).',
    },
    size_guides: {
      title: 'Guías de tallas',
      subtitle:
        'Cada producto muestra una guía: la de su marca para su tipo de talla, si existe; si no, la de su subcategoría; si no, la de su categoría.',
      new: 'Nueva guía',
      edit: 'Editar guía de tallas',
      empty: 'Aún no hay guías de tallas.',
      owner_category: 'Categoría',
      owner_subcategory: 'Subcategoría',
      owner_brand: 'Marca (para un tipo de talla)',
      belongs_to: 'De',
      rows: 'Filas',
      table: 'Tabla de tallas',
      table_help: 'Tallas MX, US y EU y medidas del cuerpo en centímetros: 88 o un rango, 88-92.',
      add_row: 'Agregar fila',
      remove_row: 'Quitar fila %{n}',
      move_up: 'Subir fila %{n}',
      move_down: 'Bajar fila %{n}',
      starter_rows: 'Empezar con las tallas comunes',
      name_help: 'Lo ve el comprador: «Ropa de mujer», «Nike calzado».',
      note_help: 'Opcional. Un consejo para elegir: «Si estás entre dos tallas, elige la mayor».',
      saved: 'Guía de tallas guardada',
      deleted: 'Guía de tallas eliminada',
      save_error: 'No se pudo guardar la guía de tallas',
      delete_confirm:
        '¿Eliminar esta guía de tallas? Los productos que la muestran dejarán de mostrarla (o mostrarán la siguiente que les corresponda).',
      read_only: 'Solo lectura: las guías las editan dueños y editores.',
    },
  },
};
