// The otpauth:// address as a QR code, drawn in the browser (no outside service; a data: image the CSP allows).
import { useEffect, useState } from 'react';

export function QrCode({ value, label }: { value: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    // Loaded on demand: only people setting up an authenticator need the encoder.
    void import('qrcode').then(({ toDataURL }) => toDataURL(value, { errorCorrectionLevel: 'M', margin: 2, width: 200 }).then((url) => current && setSrc(url)));
    return () => {
      current = false;
    };
  }, [value]);
  return src ? (
    <img src={src} alt={label} width={200} height={200} className="rounded-box bg-white p-1" data-testid="totp-qr-code" />
  ) : (
    <div className="skeleton h-[200px] w-[200px]" aria-hidden="true" />
  );
}
