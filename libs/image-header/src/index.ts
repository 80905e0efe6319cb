export { HEADER_PROBE_BYTES, isoImageType, readImageHeader, type ImageHeader } from './image-header';
