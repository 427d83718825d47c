/**
 * FAQ (/preguntas-frecuentes): four groups of questions. Every policy figure (payment, interest-free
 * months, cancellation, delivery, shipping cost, returns, refunds) is the shop's policies' own
 * sentence from src/lib/policies.ts, so the FAQ never disagrees with the other pages.
 */
import {
  deliveryLines,
  deliverySentence,
  freeShippingSentence,
  installmentsSentence,
  paymentSentence,
  refundSentence,
  returnsSentence,
  revocationSentence,
  shippingCostSentence,
  type ShopPolicies,
} from '../lib/policies.ts';

export interface FaqEntry {
  question: string;
  answer: readonly string[];
}

export interface FaqGroup {
  id: string;
  title: string;
  entries: readonly FaqEntry[];
}

export function faqGroups(policies: ShopPolicies): FaqGroup[] {
  const installments = installmentsSentence(policies);
  return [
    {
      id: 'productos',
      title: 'Productos',
      entries: [
        {
          question: '¿Los productos son originales?',
          answer: [
            'Sí. Todos nuestros productos son 100% originales y provienen de las marcas o de sus distribuidores autorizados. No vendemos réplicas.',
          ],
        },
        {
          question: '¿Por qué los precios son tan bajos?',
          answer: [
            'Somos un outlet: trabajamos por campañas de tiempo limitado con excedentes de temporada y piezas únicas, lo que nos permite ofrecer descuentos reales sobre el precio original.',
          ],
        },
        {
          question: '¿Cómo sé cuál es mi talla?',
          answer: [
            'Cada producto muestra las tallas disponibles. Si tienes dudas, escríbenos por WhatsApp antes de comprar y te ayudamos a elegir; revisar tu talla evita cambios y esperas.',
          ],
        },
        {
          question: '¿Tienen el producto en existencia?',
          answer: [
            'Trabajamos sobre pedido: antes de pagar te confirmamos por WhatsApp la disponibilidad de la pieza y la talla que elegiste.',
          ],
        },
      ],
    },
    {
      id: 'compras-pagos',
      title: 'Compras y pagos',
      entries: [
        {
          question: '¿Cómo hago un pedido?',
          answer: [
            'Elige tu producto y talla y toca «Comprar». Se abrirá un chat de WhatsApp con los datos del producto; ahí confirmamos la disponibilidad y te indicamos cómo pagar.',
          ],
        },
        {
          question: '¿Qué métodos de pago aceptan?',
          answer: [paymentSentence(policies)],
        },
        {
          question: '¿Puedo pagar a meses sin intereses?',
          answer: [installments ? `Sí. ${installments}` : 'Por ahora no ofrecemos meses sin intereses.'],
        },
        {
          question: '¿Puedo cancelar mi pedido?',
          answer: [policies.cancellationTerms, revocationSentence(policies)],
        },
      ],
    },
    {
      id: 'envios',
      title: 'Envíos',
      entries: [
        {
          question: '¿Cuánto tarda en llegar mi pedido?',
          answer: [deliverySentence(policies), ...deliveryLines(policies).map((line) => `${line}.`)],
        },
        {
          question: '¿El envío tiene costo?',
          answer:
            policies.freeShippingMin === null
              ? [freeShippingSentence(policies)]
              : [freeShippingSentence(policies), shippingCostSentence(policies)],
        },
        {
          question: '¿Cómo rastreo mi pedido?',
          answer: ['Cuando tu pedido sale te enviamos la guía de rastreo por WhatsApp para que lo sigas hasta tu puerta.'],
        },
        {
          question: '¿Hacen envíos a todo México?',
          answer: ['Sí, enviamos a cualquier código postal de la República Mexicana.'],
        },
      ],
    },
    {
      id: 'devoluciones-garantia',
      title: 'Devoluciones y garantía',
      entries: [
        {
          question: '¿Puedo devolver un producto?',
          answer: [`Sí. ${returnsSentence(policies)}`, policies.returnConditions, revocationSentence(policies)],
        },
        {
          question: '¿Cuánto tarda un reembolso?',
          answer: [refundSentence(policies)],
        },
        {
          question: '¿Qué hago si mi producto llegó con un defecto?',
          answer: [
            'Escríbenos por WhatsApp con fotos del producto y de la guía. Revisamos tu caso y te ofrecemos un cambio o el reembolso.',
          ],
        },
      ],
    },
  ];
}
