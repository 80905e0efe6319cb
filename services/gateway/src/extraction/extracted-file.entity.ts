import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { ImageKind, ImageVariant, SourceNode } from '@pixtract/contracts';
import { ExtractionEntity } from './extraction.entity';

/** An image found by an extraction (the seed's extracted_files, plus what the engine reports). */
@Entity('extracted_files')
@Index('IDX_extracted_files_extraction_position', ['extractionId', 'position'])
export class ExtractedFileEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id!: string;

  @Column('uuid')
  extractionId!: string;

  @ManyToOne(() => ExtractionEntity, (extraction) => extraction.files, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'extractionId' })
  extraction!: ExtractionEntity;

  /** The page the image was found on. */
  @Column('text')
  url!: string;

  @Column('text')
  fileUrl!: string;

  @Column('text', { default: '' })
  alt!: string;

  @Column('int', { nullable: true })
  width!: number | null;

  @Column('int', { nullable: true })
  height!: number | null;

  @Column('text', { default: 'image' })
  fileType!: string;

  @Column('text', { nullable: true })
  mimeType!: string | null;

  @Column('text', { nullable: true })
  extension!: string | null;

  @Column('bigint', { nullable: true })
  size!: string | null;

  @Column('int')
  position!: number;

  @Column('text', { nullable: true })
  sourceNode!: SourceNode | null;

  @Column('boolean', { default: false })
  duplicate!: boolean;

  /** The picture's other renditions on the page (ExtractedFile.variants). */
  @Column('jsonb', { nullable: true })
  variants!: ImageVariant[] | null;

  @Column('text', { nullable: true })
  kind!: ImageKind | null;

  @Column('timestamptz', { nullable: true })
  extractedTime!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
