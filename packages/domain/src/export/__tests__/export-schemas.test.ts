import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BankAccountExportQuery, csvCellText, csvCellValue, csvColumnsOf, csvValueAt, OrderExportQuery } from '../export-schemas.ts';

describe('CSV export cells and columns', () => {
  it('escapes formula-like text and keeps numbers, negative ones included', () => {
    expect(csvCellText('plain')).toBe('plain');
    expect(csvCellText('=HYPERLINK("http://x","y")')).toBe(`'=HYPERLINK("http://x","y")`);
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCellText(`${start}x`)).toBe(`'${start}x`);
    expect(csvCellText('-12.50')).toBe('-12.50');
    expect(csvCellText('0.0001')).toBe('0.0001');
    expect(csvCellText(-5)).toBe('-5');
    expect(csvCellText('+60123456789')).toBe(`'+60123456789`);
    expect(csvCellText('-1e5')).toBe(`'-1e5`);
    expect(csvCellText(true)).toBe('true');
    expect(csvCellText(null)).toBe('');
    expect(csvCellText('中文 名字')).toBe('中文 名字');
    expect(csvCellValue(csvCellText('=1+1'))).toBe('=1+1');
    expect(csvCellValue("it's")).toBe("it's");
  });

  it('flattens nested objects into dotted columns and reads values by path', () => {
    const item = z.object({ id: z.number(), sender: z.object({ id: z.number(), username: z.string() }).nullable(), tags: z.array(z.string()), at: z.string().optional() });
    expect(csvColumnsOf(item)).toEqual(['id', 'sender.id', 'sender.username', 'tags', 'at']);
    expect(csvColumnsOf(item, ['tags'])).toEqual(['id', 'sender.id', 'sender.username', 'at']);
    expect(csvValueAt({ sender: null }, ['sender', 'id'])).toBeNull();
    expect(csvValueAt({ sender: { id: 3 } }, ['sender', 'id'])).toBe(3);
    expect(csvValueAt({ tags: ['a', 'b'] }, ['tags'])).toBe('["a","b"]');
  });

  it("parses the orders connection's filters from query parameters in either spelling", () => {
    expect(OrderExportQuery.parse({ status: 'Created,FILLED', orderType: 'OffLine', orderId: '7', userInput: '' })).toEqual({ status: ['CREATED', 'FILLED'], orderType: 'OFF_LINE', orderId: 7 });
    expect(OrderExportQuery.parse({ status: ['PAID', 'Canceled'] }).status).toEqual(['PAID', 'CANCELED']);
    expect(OrderExportQuery.safeParse({ status: 'NOPE' }).success).toBe(false);
    expect(OrderExportQuery.safeParse({ userCondition: 'EMAIL' }).success).toBe(false);
    expect(OrderExportQuery.safeParse({ orderId: 'x' }).success).toBe(false);
    expect(BankAccountExportQuery.safeParse({ status: 'removed' }).success).toBe(false);
  });
});
