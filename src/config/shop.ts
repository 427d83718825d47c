/** The shop's identity and contact points: the one place to change them. */
export const SHOP = {
  name: 'Outlet Moda MX',
  description: 'Outlet de moda en México: ropa, calzado y accesorios originales con descuento, por tiempo limitado.',
  /** Chat app host for click-to-chat links. */
  chatHost: 'https://wa.me',
  /**
   * The seller's WhatsApp number, international format without '+' (52 Mexico, 1 mobile, 10 digits).
   * PLACEHOLDER: replace with the business number before going live.
   */
  sellerPhone: '5215512345678',
  /** Social profiles. PLACEHOLDERS until the real accounts are set. */
  social: {
    instagram: 'https://www.instagram.com/',
    facebook: 'https://www.facebook.com/',
    tiktok: 'https://www.tiktok.com/',
  },
  /** Browser theme colour (lime green). */
  themeColor: '#84cc16',
} as const;
