import { AppError } from '../../errors.js';
import { ImageRejected, inspectImage, MAX_PIXELS } from '../../face/image.js';

const MESSAGE = { format: 'face.image_format', too_large: 'face.image_too_large', damaged: 'face.image_damaged' } as const;

/**
 * Every uploaded image judged by its bytes before the face pool sees any (face/image.ts inspectImage):
 * JPEG, PNG or WebP whatever the declared Content-Type, at most MAX_PIXELS by the header, not cut short.
 * The first refused part answers 400 invalid_image naming it and saying why.
 */
export async function checkImages(images: Buffer[], field: string): Promise<void> {
  for (const [i, image] of images.entries()) {
    try {
      await inspectImage(image);
    } catch (err) {
      if (!(err instanceof ImageRejected)) throw err;
      const key = MESSAGE[err.problem];
      throw new AppError('invalid_image', key, { max: MAX_PIXELS / 1_000_000 }, [{ path: `${field}[${i}]`, message: key }]);
    }
  }
}
