/** @jsxImportSource preact */
/** 'Selecciona tu talla': opens when buying without a size; choosing one sets it and proceeds to buy. */
import Modal from './Modal.tsx';
import SizePicker from './SizePicker.tsx';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sizes: string[];
  onChoose: (size: string) => void;
}

export default function SizeDialog({ open, onOpenChange, sizes, onChoose }: Props) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Selecciona tu talla"
      description="Elige tu talla para continuar con tu compra por mensaje."
    >
      <SizePicker sizes={sizes} selected={null} onSelect={onChoose} label="Tallas disponibles" />
    </Modal>
  );
}
