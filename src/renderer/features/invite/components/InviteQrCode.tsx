import { useEffect, useState } from 'react';

/**
 * The invite link as a QR code image (rendered to a data URL), with its alt text. The encoder is
 * loaded here, on first use: only people who invite need it, not every guest who joins.
 */
export function InviteQrCode({ link, alt }: { link: string; alt: string }) {
  const [src, setSrc] = useState<string | undefined>(undefined);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toDataURL(link, { errorCorrectionLevel: 'M', margin: 2, width: 200 }),
      )
      .then((url) => {
        if (current) setSrc(url);
      })
      .catch(() => {
        if (current) setSrc(undefined);
      });
    return () => {
      current = false;
    };
  }, [link]);
  if (!src) return null;
  return <img className="invite-qr" src={src} alt={alt} width={200} height={200} data-testid="invite-qr" />;
}
