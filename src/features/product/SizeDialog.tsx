/**
 * 'Selecciona tu talla': opens when buying (or adding to the bag) without a size; choosing one sets it and
 * goes on. It offers only the sizes with a piece for sale (a held size is not offered).
 */
import { choosable, type SizeChoice } from '../../lib/stock.ts';
import Modal from './Modal.tsx';
import SizePicker from './SizePicker.tsx';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sizes: readonly SizeChoice[];
  onChoose: (size: string) => void;
  /** What choosing leads to (default: buying by message). */
  description?: string | undefined;
}

export default function SizeDialog({
  open,
  onOpenChange,
  sizes,
  onChoose,
  description = 'Elige tu talla para continuar con tu compra por mensaje.',
}: Props) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Selecciona tu talla" description={description}>
      <SizePicker sizes={sizes.filter(choosable)} selected={null} onSelect={onChoose} label="Tallas disponibles" />
    </Modal>
  );
}
