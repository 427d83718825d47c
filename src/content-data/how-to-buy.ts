/**
 * How to buy (/como-comprar): the five steps of a purchase and four reasons to choose the shop. The
 * payment and delivery steps state the shop's policies in src/lib/policies.ts' sentences.
 */
import { deliverySentence, freeShippingSentence, paymentSentence, type ShopPolicies } from '../lib/policies.ts';

export interface Step {
  title: string;
  text: string;
}

export function steps(policies: ShopPolicies): Step[] {
  return [
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
      text: `Realiza el pago total de tu pedido y envíanos tu nombre completo, dirección de entrega, teléfono y correo electrónico para preparar el envío. ${paymentSentence(policies)}`,
    },
    {
      title: 'Recibe tu guía de rastreo',
      text: 'En cuanto tu pedido sale, te enviamos por el mismo chat la guía de rastreo para que sigas el paquete en todo momento.',
    },
    {
      title: 'Espera en casa',
      text: `${deliverySentence(policies)} ${freeShippingSentence(policies)}`,
    },
  ];
}

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
