/**
 * Flat vector silhouettes of garments, shoes, bags and accessories, drawn on an 800x1000 canvas
 * (centre about 400,520). Each returns SVG markup for a <g>; images.ts places and rasterises them.
 */
import type { Silhouette } from './catalog.ts';

export interface Palette {
  fill: string;
  /** outline, a darker shade of fill */
  stroke: string;
  /** seams, buttons, laces: contrasts with fill */
  detail: string;
  /** a secondary colour: soles, metal hardware, stripes */
  accent: string;
}

const body = (d: string, p: Palette, extra = '') =>
  `<path d="${d}" fill="${p.fill}" stroke="${p.stroke}" stroke-width="6" stroke-linejoin="round"${extra}/>`;
const line = (d: string, colour: string, width = 4, dash = false) =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${dash ? ' stroke-dasharray="10 8"' : ''}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, stroke = 'none', sw = 0) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" stroke="${stroke}" stroke-width="${sw}"/>`;

function tshirt(p: Palette): string {
  return [
    body(
      'M270 230 L340 198 Q400 252 460 198 L530 230 L660 330 L602 420 L540 378 L540 800 Q400 816 260 800 L260 378 L198 420 L140 330 Z',
      p,
    ),
    line('M340 198 Q400 262 460 198', p.stroke, 10),
    line('M214 402 L266 348', p.detail, 3, true),
    line('M586 402 L534 348', p.detail, 3, true),
    line('M264 778 Q400 794 536 778', p.detail, 3, true),
  ].join('');
}

function shirt(p: Palette): string {
  const buttons = [300, 380, 460, 540, 620, 700].map((y) => circle(400, y, 8, p.detail)).join('');
  return [
    body(
      'M290 210 L360 188 L400 228 L440 188 L510 210 L590 250 Q622 282 632 330 L682 720 L620 736 L562 420 L552 812 Q400 828 248 812 L238 420 L180 736 L118 720 L168 330 Q178 282 210 250 Z',
      p,
    ),
    body('M360 188 L338 254 L400 230 L462 254 L440 188 L400 228 Z', p),
    line('M400 230 L400 818', p.stroke, 4),
    buttons,
    line('M128 690 L182 702', p.stroke, 5),
    line('M672 690 L618 702', p.stroke, 5),
  ].join('');
}

function hoodie(p: Palette): string {
  return [
    body('M318 236 Q312 112 400 104 Q488 112 482 236 Z', p),
    body(
      'M290 214 L360 196 Q400 250 440 196 L510 214 L590 252 Q624 284 634 332 L684 722 L622 738 L564 430 L556 780 L244 780 L236 430 L178 738 L116 722 L166 332 Q176 284 210 252 Z',
      p,
    ),
    body('M244 780 L556 780 L556 830 Q400 842 244 830 Z', p),
    line('M352 206 Q400 300 448 206', p.stroke, 6),
    line('M380 250 L372 360', p.detail, 4),
    line('M420 250 L428 360', p.detail, 4),
    body('M300 600 L500 600 L536 730 L264 730 Z', p),
    line('M120 700 L176 712', p.stroke, 5),
    line('M680 700 L624 712', p.stroke, 5),
  ].join('');
}

function jacket(p: Palette): string {
  return [
    body(
      'M290 210 L360 190 L400 240 L440 190 L510 210 L590 252 Q622 284 632 332 L682 722 L620 738 L562 430 L554 812 L246 812 L238 430 L180 738 L118 722 L168 332 Q178 284 210 252 Z',
      p,
    ),
    body('M360 190 L318 262 L376 330 L400 240 Z', p),
    body('M440 190 L482 262 L424 330 L400 240 Z', p),
    line('M400 240 L400 812', p.accent, 6),
    body('M282 520 L362 520 L362 560 L282 560 Z', p),
    body('M438 520 L518 520 L518 560 L438 560 Z', p),
    line('M246 780 L554 780', p.stroke, 5),
    line('M252 800 L548 800', p.detail, 3, true),
    line('M126 690 L182 704', p.stroke, 6),
    line('M674 690 L618 704', p.stroke, 6),
  ].join('');
}

function dress(p: Palette): string {
  return [
    body(
      'M340 150 L362 150 L382 262 Q400 278 418 262 L438 150 L460 150 L484 282 Q504 362 470 432 L610 850 Q400 890 190 850 L330 432 Q296 362 316 282 Z',
      p,
    ),
    line('M330 432 Q400 452 470 432', p.stroke, 8),
    line('M380 460 L330 860', p.stroke, 3),
    line('M420 460 L470 860', p.stroke, 3),
    line('M400 462 L400 868', p.stroke, 3),
    line('M204 832 Q400 870 596 832', p.detail, 3, true),
  ].join('');
}

function pants(p: Palette): string {
  const loops = [290, 350, 450, 510]
    .map((x) => `<rect x="${x}" y="168" width="12" height="42" rx="3" fill="${p.fill}" stroke="${p.stroke}" stroke-width="3"/>`)
    .join('');
  return [
    body('M268 172 L532 172 L564 846 L430 846 L404 372 L396 372 L370 846 L236 846 Z', p),
    line('M266 210 L534 210', p.stroke, 5),
    loops,
    circle(400, 190, 9, p.accent),
    line('M400 212 Q398 306 426 336', p.detail, 3, true),
    line('M284 216 Q300 286 350 296', p.detail, 3, true),
    line('M516 216 Q500 286 450 296', p.detail, 3, true),
    line('M242 820 L368 820', p.detail, 3, true),
    line('M432 820 L558 820', p.detail, 3, true),
  ].join('');
}

function leggings(p: Palette): string {
  return [
    body('M300 170 L500 170 L524 866 L442 866 L404 366 L396 366 L358 866 L276 866 Z', p),
    body('M298 170 L502 170 L506 226 L294 226 Z', p),
    line('M300 240 L280 850', p.accent, 10),
    line('M500 240 L520 850', p.accent, 10),
  ].join('');
}

function shorts(p: Palette): string {
  return [
    body('M262 300 L538 300 L584 640 L424 660 L402 470 L398 470 L376 660 L216 640 Z', p),
    body('M258 300 L542 300 L546 352 L254 352 Z', p),
    line('M386 352 L378 420', p.detail, 4),
    line('M414 352 L422 420', p.detail, 4),
    line('M228 612 L372 630', p.accent, 8),
    line('M572 612 L428 630', p.accent, 8),
  ].join('');
}

function sneaker(p: Palette, runner: boolean): string {
  // Laces cross the throat line (300,448)->(424,540), drawn just inside the upper.
  const laces = [0, 1, 2, 3, 4]
    .map((i) => {
      const t = 0.14 + i * 0.17;
      const x = 300 + 124 * t;
      const y = 448 + 92 * t;
      return line(`M${(x - 20).toFixed(1)} ${(y + 4).toFixed(1)} L${(x + 6).toFixed(1)} ${(y - 26).toFixed(1)}`, p.detail, 7);
    })
    .join('');
  const sole = runner
    ? `<path d="M120 650 L716 650 Q734 668 724 690 Q712 716 680 716 L150 716 Q108 716 108 684 Q108 654 120 650 Z" fill="${p.accent}" stroke="${p.stroke}" stroke-width="5"/>` +
      line('M124 690 L712 690', p.stroke, 3)
    : `<path d="M128 660 L712 660 Q724 676 716 694 Q708 706 690 706 L140 706 Q114 706 114 684 Q114 664 128 660 Z" fill="${p.accent}" stroke="${p.stroke}" stroke-width="5"/>`;
  return [
    body('M292 452 Q300 410 344 416 Q372 470 424 520 Z', p),
    body('M136 662 L146 500 Q156 458 210 454 L300 448 Q340 520 424 540 L566 562 Q684 584 712 662 Z', p),
    line('M146 500 Q222 470 300 448', p.stroke, 8),
    laces,
    line(runner ? 'M286 640 Q420 548 600 598' : 'M300 622 Q420 566 556 600', p.accent, runner ? 14 : 18),
    line('M596 662 Q630 596 704 642', p.stroke, 4),
    `<rect x="132" y="470" width="26" height="70" rx="8" fill="${p.accent}" stroke="${p.stroke}" stroke-width="4"/>`,
    sole,
  ].join('');
}

function boot(p: Palette): string {
  return [
    body('M210 760 L208 330 Q208 300 238 300 L408 300 Q430 300 430 330 L440 560 Q530 594 626 622 Q694 648 694 704 L694 760 Z', p),
    `<path d="M338 302 Q352 430 428 486 L420 330 Q420 302 400 302 Z" fill="${p.stroke}" opacity="0.55"/>`,
    `<path d="M198 760 L706 760 L706 790 Q706 800 694 800 L300 800 L300 830 L206 830 L198 800 Z" fill="#2b2623" stroke="#1b1714" stroke-width="4"/>`,
    `<rect x="196" y="276" width="34" height="56" rx="10" fill="${p.fill}" stroke="${p.stroke}" stroke-width="5"/>`,
    line('M450 580 Q560 610 640 640', p.detail, 3, true),
  ].join('');
}

function heel(p: Palette): string {
  return [
    `<path d="M188 604 L226 610 L214 800 L200 800 Z" fill="${p.stroke}" stroke="${p.stroke}" stroke-width="4" stroke-linejoin="round"/>`,
    body(
      'M182 500 Q170 590 196 614 Q340 660 470 760 Q500 784 540 790 L690 796 Q724 794 716 766 Q700 736 612 712 Q540 694 492 664 Q420 616 350 560 Q290 512 230 500 Q204 494 182 500 Z',
      p,
    ),
    line('M200 620 Q340 664 470 764 Q500 786 540 792 L690 798', p.stroke, 8),
    line('M492 664 Q420 616 350 560 Q290 512 230 500', p.detail, 3, true),
  ].join('');
}

function sandal(p: Palette): string {
  const band = (d: string) => `<path d="${d}" fill="${p.fill}" stroke="${p.stroke}" stroke-width="5" stroke-linejoin="round"/>`;
  return [
    band('M198 694 Q184 596 250 566 L276 600 Q226 620 232 694 Z'),
    band('M322 694 Q360 566 470 592 L462 632 Q390 616 362 694 Z'),
    band('M512 694 Q566 596 664 694 L628 694 Q570 640 548 694 Z'),
    circle(262, 584, 18, '#c2a35a', p.stroke, 4),
    `<path d="M150 740 L682 740 Q714 740 714 714 L706 690 L160 690 Q134 700 150 740 Z" fill="${p.accent}" stroke="${p.stroke}" stroke-width="5"/>`,
    line('M156 716 L708 716', p.stroke, 3),
  ].join('');
}

function handbag(p: Palette): string {
  return [
    line('M300 452 Q300 296 400 296 Q500 296 500 452', p.stroke, 26),
    line('M300 452 Q300 296 400 296 Q500 296 500 452', p.fill, 14),
    body('M220 450 L580 450 L632 818 Q634 842 610 842 L190 842 Q166 842 168 818 Z', p),
    body('M220 450 L580 450 L592 566 Q400 606 208 566 Z', p),
    `<rect x="380" y="572" width="40" height="34" rx="6" fill="${p.accent}" stroke="${p.stroke}" stroke-width="3"/>`,
    line('M188 812 L612 812', p.detail, 3, true),
  ].join('');
}

function backpack(p: Palette): string {
  return [
    line('M350 262 Q350 196 400 196 Q450 196 450 262', p.stroke, 16),
    `<rect x="214" y="300" width="30" height="440" rx="14" fill="${p.stroke}"/>`,
    `<rect x="556" y="300" width="30" height="440" rx="14" fill="${p.stroke}"/>`,
    body('M240 330 Q240 252 330 252 L470 252 Q560 252 560 330 L560 806 Q560 846 520 846 L280 846 Q240 846 240 806 Z', p),
    line('M262 360 Q400 290 538 360', p.accent, 6),
    body('M286 560 Q286 530 316 530 L484 530 Q514 530 514 560 L514 770 Q514 800 484 800 L316 800 Q286 800 286 770 Z', p),
    line('M300 580 L500 580', p.accent, 6),
    `<rect x="452" y="570" width="16" height="34" rx="4" fill="${p.detail}"/>`,
  ].join('');
}

function wallet(p: Palette): string {
  return [
    body('M196 380 L604 380 Q628 380 628 404 L628 636 Q628 660 604 660 L196 660 Q172 660 172 636 L172 404 Q172 380 196 380 Z', p),
    body('M172 404 Q172 380 196 380 L604 380 Q628 380 628 404 L628 500 L172 500 Z', p),
    circle(400, 500, 20, p.accent, p.stroke, 3),
    line('M190 640 L610 640', p.detail, 3, true),
    line('M190 400 L610 400', p.detail, 3, true),
  ].join('');
}

function duffel(p: Palette): string {
  return [
    line('M300 424 Q300 300 400 300 Q500 300 500 424', p.stroke, 22),
    line('M300 424 Q300 300 400 300 Q500 300 500 424', p.fill, 10),
    body('M160 500 Q160 420 240 420 L560 420 Q640 420 640 500 L640 720 Q640 762 600 762 L200 762 Q160 762 160 720 Z', p),
    body('M160 500 Q160 420 240 420 L240 762 L200 762 Q160 762 160 720 Z', p),
    body('M640 500 Q640 420 560 420 L560 762 L600 762 Q640 762 640 720 Z', p),
    line('M240 444 L560 444', p.accent, 8),
    `<rect x="330" y="600" width="140" height="24" rx="6" fill="${p.accent}"/>`,
  ].join('');
}

function cap(p: Palette): string {
  return [
    body('M556 600 Q706 596 748 664 Q712 700 560 668 Z', p),
    body('M216 630 Q210 392 414 372 Q606 380 614 596 L614 636 Q420 660 216 630 Z', p),
    line('M414 374 Q380 500 390 650', p.stroke, 4),
    line('M414 374 Q520 470 560 620', p.stroke, 4),
    circle(414, 372, 12, p.fill, p.stroke, 4),
    `<rect x="420" y="480" width="90" height="56" rx="10" fill="${p.accent}" opacity="0.9"/>`,
  ].join('');
}

function sunglasses(p: Palette): string {
  const lens = (cx: number) =>
    `<path d="M${cx - 118} 440 Q${cx - 120} 560 ${cx - 40} 590 Q${cx + 60} 610 ${cx + 104} 540 Q${cx + 128} 480 ${cx + 112} 440 Z" fill="${p.fill}" stroke="${p.stroke}" stroke-width="16" stroke-linejoin="round"/>`;
  return [
    line('M172 444 L110 420', p.stroke, 14),
    line('M628 444 L690 420', p.stroke, 14),
    lens(290),
    lens(510),
    line('M402 452 Q400 424 398 452', p.stroke, 14),
    line('M180 440 L620 440', p.stroke, 16),
    `<path d="M210 470 Q230 450 280 456" fill="none" stroke="#ffffff" stroke-opacity="0.45" stroke-width="10" stroke-linecap="round"/>`,
    `<path d="M430 470 Q450 450 500 456" fill="none" stroke="#ffffff" stroke-opacity="0.45" stroke-width="10" stroke-linecap="round"/>`,
  ].join('');
}

function watch(p: Palette): string {
  const marks = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    const r1 = i % 3 === 0 ? 88 : 98;
    const x1 = 400 + Math.sin(a) * r1;
    const y1 = 500 - Math.cos(a) * r1;
    const x2 = 400 + Math.sin(a) * 110;
    const y2 = 500 - Math.cos(a) * 110;
    return line(`M${x1.toFixed(1)} ${y1.toFixed(1)} L${x2.toFixed(1)} ${y2.toFixed(1)}`, '#3b3b3b', i % 3 === 0 ? 6 : 3);
  }).join('');
  return [
    `<rect x="334" y="170" width="132" height="660" rx="30" fill="${p.fill}" stroke="${p.stroke}" stroke-width="6"/>`,
    line('M346 200 L346 800', p.detail, 2, true),
    line('M454 200 L454 800', p.detail, 2, true),
    circle(400, 500, 150, p.accent, p.stroke, 6),
    circle(400, 500, 124, '#f7f5f0', p.stroke, 3),
    `<rect x="548" y="480" width="24" height="40" rx="6" fill="${p.accent}" stroke="${p.stroke}" stroke-width="3"/>`,
    marks,
    line('M400 500 L400 416', '#222222', 7),
    line('M400 500 L458 540', '#222222', 5),
    circle(400, 500, 8, '#222222'),
  ].join('');
}

function belt(p: Palette): string {
  const holes = [560, 600, 640].map((x) => circle(x, 505, 8, p.stroke)).join('');
  return [
    `<g transform="rotate(-18 400 505)">`,
    body('M220 470 L700 470 Q730 505 700 540 L220 540 Z', p),
    line('M226 482 L690 482', p.detail, 2, true),
    line('M226 528 L690 528', p.detail, 2, true),
    holes,
    `<rect x="100" y="446" width="140" height="118" rx="18" fill="none" stroke="#8a7238" stroke-width="24"/>`,
    `<rect x="100" y="446" width="140" height="118" rx="18" fill="none" stroke="#c9ab62" stroke-width="16"/>`,
    line('M170 455 L170 555', '#b39447', 10),
    `</g>`,
  ].join('');
}

export function silhouetteSvg(kind: Silhouette, p: Palette): string {
  switch (kind) {
    case 'tshirt':
      return tshirt(p);
    case 'shirt':
      return shirt(p);
    case 'hoodie':
      return hoodie(p);
    case 'jacket':
      return jacket(p);
    case 'dress':
      return dress(p);
    case 'pants':
      return pants(p);
    case 'leggings':
      return leggings(p);
    case 'shorts':
      return shorts(p);
    case 'sneaker':
      return sneaker(p, false);
    case 'runner':
      return sneaker(p, true);
    case 'boot':
      return boot(p);
    case 'heel':
      return heel(p);
    case 'sandal':
      return sandal(p);
    case 'handbag':
      return handbag(p);
    case 'backpack':
      return backpack(p);
    case 'wallet':
      return wallet(p);
    case 'duffel':
      return duffel(p);
    case 'cap':
      return cap(p);
    case 'sunglasses':
      return sunglasses(p);
    case 'watch':
      return watch(p);
    case 'belt':
      return belt(p);
  }
}

/** Vertical extent of each drawing (min y, max y) on the 800x1000 canvas, for placing shadows. */
export function silhouetteBottom(kind: Silhouette): number {
  switch (kind) {
    case 'sneaker':
    case 'runner':
      return 716;
    case 'boot':
      return 830;
    case 'heel':
      return 800;
    case 'sandal':
      return 740;
    case 'wallet':
      return 660;
    case 'duffel':
      return 762;
    case 'cap':
      return 680;
    case 'sunglasses':
      return 610;
    case 'belt':
      return 640;
    case 'shorts':
      return 660;
    default:
      return 860;
  }
}
