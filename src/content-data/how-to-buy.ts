/** How to buy (/como-comprar): the five steps of a purchase and four reasons to choose the shop. */

export interface Step {
  title: string;
  text: string;
}

export const STEPS: readonly Step[] = [
  {
    title: 'Explora el catálogo',
    text: 'Recorre la tienda, filtra por categoría, talla o precio y guarda en favoritos lo que te guste. Cada producto indica su talla disponible y cuándo termina su campaña.',
  },
  {
    title: 'Escríbenos por WhatsApp',
    text: 'Desde la página del producto toca «Comprar»: se abre un chat con la marca, el nombre, la talla y el enlace ya escritos. Te confirmamos la disponibilidad en minutos.',
  },
  {
    title: 'Paga y comparte tus datos',
    text: 'Realiza el pago total de tu pedido y envíanos tu nombre completo, dirección de entrega, teléfono y correo electrónico para preparar el envío.',
  },
  {
    title: 'Recibe tu guía de rastreo',
    text: 'En cuanto tu pedido sale, te enviamos por el mismo chat la guía de rastreo para que sigas el paquete en todo momento.',
  },
  {
    title: 'Espera en casa',
    text: 'Tu pedido llega a tu puerta. El envío estándar tarda de 7 a 15 días hábiles; el exprés, de 3 a 5 días con costo adicional.',
  },
];

export const REASONS: readonly Step[] = [
  {
    title: 'Productos 100% originales',
    text: 'Trabajamos solo con marcas originales. Cada pieza llega con la calidad que esperas de la marca.',
  },
  {
    title: 'Precios de outlet',
    text: 'Todos los productos tienen descuento frente a su precio original, con IVA incluido y sin cargos ocultos.',
  },
  {
    title: 'Atención personal',
    text: 'Una persona real te atiende por WhatsApp antes, durante y después de tu compra.',
  },
  {
    title: 'Envíos a todo México',
    text: 'Enviamos a cualquier parte del país y te compartimos la guía de rastreo de cada pedido.',
  },
];
